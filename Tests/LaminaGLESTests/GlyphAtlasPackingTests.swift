import Testing
@testable import LaminaGLES

/// The glyph atlas's bookkeeping without GL: shelves per height, a glyph placed once, the least recently
/// used layer emptied when nothing fits.
@Suite struct GlyphAtlasPackingTests {
    @Test func aGlyphIsPlacedOnceAndSharesItsShelfWithGlyphsOfItsHeight() {
        var p = GlyphAtlasPacking(side: 64, layers: 2)
        let a = p.place(1, width: 10, height: 12, stamp: 0)
        let b = p.place(2, width: 20, height: 15, stamp: 0)
        let again = p.place(1, width: 10, height: 12, stamp: 1)
        #expect(a.isNew && b.isNew && !again.isNew)
        #expect(again.slot == a.slot)
        #expect(a.slot == .init(layer: 0, x: 0, y: 0))
        #expect(b.slot == .init(layer: 0, x: 10, y: 0), "heights 12 and 15 both round up to a 16-texel shelf")
        let tall = p.place(3, width: 8, height: 30, stamp: 1)
        #expect(tall.slot == .init(layer: 0, x: 0, y: 16))
        #expect(p.count == 3 && p.evictions == 0)
    }

    @Test func glyphsNeverOverlapInALayer() {
        var p = GlyphAtlasPacking(side: 128, layers: 1)
        var rects: [(Int, Int, Int, Int)] = []
        for id in 0..<40 {
            let w = 5 + (id * 7) % 23, h = 6 + (id * 5) % 19
            let s = p.place(UInt64(id), width: w, height: h, stamp: 0)
            #expect(s.evicted == nil)
            #expect(s.slot.x + w <= 128 && s.slot.y + h <= 128)
            for r in rects { #expect(s.slot.x >= r.0 + r.2 || r.0 >= s.slot.x + w || s.slot.y >= r.1 + r.3 || r.1 >= s.slot.y + h) }
            rects.append((s.slot.x, s.slot.y, w, h))
        }
    }

    @Test func theLeastRecentlyUsedLayerIsEmptiedWhenNothingFits() {
        var p = GlyphAtlasPacking(side: 32, layers: 2)
        #expect(p.place(1, width: 32, height: 32, stamp: 0).slot.layer == 0)
        #expect(p.place(2, width: 32, height: 32, stamp: 1).slot.layer == 1)
        _ = p.place(1, width: 32, height: 32, stamp: 2)
        let third = p.place(3, width: 32, height: 32, stamp: 3)
        #expect(third.evicted == 1 && third.slot.layer == 1, "layer 1 was used at stamp 1, layer 0 at stamp 2")
        #expect(!p.place(1, width: 32, height: 32, stamp: 4).isNew)
        #expect(p.place(2, width: 32, height: 32, stamp: 5).isNew, "glyph 2 left with its layer")
        #expect(p.evictions == 2)
    }
}
