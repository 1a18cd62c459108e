import Testing
@testable import Lamina

/// The stroke outline cache: repeated strokes (another color, a moved layer) reuse the outline; the byte bound holds.
struct StrokeOutlineCacheTests {
    static let region = PixelRect(x: 0, y: 0, width: 100, height: 100)

    static func shape(_ d: String, color: Color = .black) throws -> ShapeContent {
        ShapeContent(path: .svg(try SVGPath.parse(d), fillRule: .nonZero), fillColor: .clear, strokeColor: color, lineWidth: 4,
                     lineCap: .round, lineJoin: .round)
    }

    @Test func aColorChangeOrAMoveReusesTheOutline() throws {
        let cache = StrokeOutlineCache(byteLimit: 1 << 20)
        let curve = "M 10 50 C 30 0 70 100 90 50"
        let first = try ShapeRasterizer.strokeMask(Self.shape(curve), transform: .identity, region: Self.region, cache: cache)
        let recolored = try ShapeRasterizer.strokeMask(Self.shape(curve, color: .white), transform: .identity, region: Self.region, cache: cache)
        #expect(first != nil && first == recolored)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
        let moved = try #require(try ShapeRasterizer.strokeMask(Self.shape(curve), transform: .translation(3, 0), region: Self.region, cache: cache))
        #expect(cache.statistics.hits == 2)
        #expect(abs(Int(moved[53, 50]) - Int(first?[50, 50] ?? 0)) <= 1)
        _ = try ShapeRasterizer.strokeMask(Self.shape(curve), transform: .scale(3, 3), region: Self.region, cache: cache)
        #expect(cache.statistics.misses == 2 && cache.statistics.entries == 2)
        #expect(cache.bytes > 0 && cache.bytes == cache.statistics.bytes)
    }

    @Test func theByteBoundEvictsTheLeastRecentlyUsed() throws {
        let probe = StrokeOutlineCache(byteLimit: 1 << 20)
        _ = try probe.outline(path: Self.shape("M 10 10 L 90 90").path!, style: StrokeStyle(lineWidth: 4, lineCap: .round), transform: .identity)
        let one = probe.bytes
        #expect(one > 0)
        let cache = StrokeOutlineCache(byteLimit: one + one / 2)
        let style = StrokeStyle(lineWidth: 4, lineCap: .round)
        let a = try Self.shape("M 10 10 L 90 90").path!, b = try Self.shape("M 90 10 L 10 90").path!
        _ = try cache.outline(path: a, style: style, transform: .identity)
        _ = try cache.outline(path: b, style: style, transform: .identity)
        #expect(cache.statistics.evictions == 1 && cache.statistics.entries == 1 && cache.bytes <= cache.byteLimit)
        _ = try cache.outline(path: b, style: style, transform: .identity)
        #expect(cache.statistics.hits == 1)
        _ = try cache.outline(path: a, style: style, transform: .identity)
        #expect(cache.statistics.misses == 3 && cache.statistics.evictions == 2)
        cache.removeAll()
        #expect(cache.bytes == 0)
    }

    @Test func boundsAndMaskShareOneStroke() throws {
        let cache = StrokeOutlineCache(byteLimit: 1 << 20)
        var s = try Self.shape("M 10 10 L 60 80 L 90 15", color: .white)
        s.lineDashPattern = [9, 4]
        s.lineWidth = 0.5
        let box = try #require(ShapeRasterizer.deviceBounds(s, transform: .scale(0.8, 0.8), cache: cache))
        #expect(cache.statistics.misses == 1 && box.maxY > 60)
        _ = try ShapeRasterizer.strokeMask(s, transform: .scale(0.8, 0.8), region: Self.region, cache: cache)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
    }

    @Test func theSharedCacheCountsItsBytes() throws {
        _ = try ShapeRasterizer.strokeMask(Self.shape("M 5 5 L 95 7 L 50 93"), transform: .identity, region: Self.region)
        #expect(ShapeRasterizer.cachedBytes > 0 && ShapeRasterizer.cachedBytes <= StrokeOutlineCache.shared.byteLimit)
    }

    @Test func flatteningScaleNeverUndershoots() {
        for s in [0.3, 1, 1.01, 2, 2.5, 7.3] {
            let q = StrokeOutlineCache.flatteningScale(.scale(s, s * 0.5))
            #expect(q >= s && q < s * 1.19)
        }
        #expect(StrokeOutlineCache.flatteningScale(.scale(0, 1)) == 0)
    }
}
