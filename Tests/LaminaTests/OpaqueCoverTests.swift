import Testing
@testable import Lamina

/// What a restricted plan may treat as hidden: the pixels an opaque fill or opaque image stores whatever
/// lies below (`DrawCommand.opaqueCover(images:)`) and the cell map that collects them (`CoverMap`).
@Suite("Opaque cover")
struct OpaqueCoverTests {
    @Test("fills that are translucent, rotated or not wholly inside their clip hide nothing")
    func coverRules() throws {
        let opaque = Fill(shape: RoundedRect(rect: Rect(10.3, 20.7, 100, 50)), transform: .identity,
                          color: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1), clip: .none)
        #expect(DrawCommand.fill(opaque).opaqueCover() == [PixelRect(x: 12, y: 22, width: 97, height: 47)])
        var translucent = opaque
        translucent.color = PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5)
        #expect(DrawCommand.fill(translucent).opaqueCover().isEmpty)
        var rotated = opaque
        rotated.transform = .rotation(0.1)
        #expect(DrawCommand.fill(rotated).opaqueCover().isEmpty)
        var rounded = opaque
        rounded.shape = RoundedRect(rect: Rect(0, 0, 100, 50), cornerRadius: 10)
        rounded.transform = .identity
        #expect(Set(DrawCommand.fill(rounded).opaqueCover()) == [PixelRect(x: 1, y: 11, width: 98, height: 28), PixelRect(x: 11, y: 1, width: 78, height: 48)])
        var clipped = rounded
        clipped.clip = Clip(scissor: PixelRect(x: 0, y: 0, width: 50, height: 50),
                            shapes: [.init(shape: RoundedRect(rect: Rect(20, 0, 200, 50)), transform: .identity)])
        for r in DrawCommand.fill(clipped).opaqueCover() {
            #expect(r.x >= 21 && r.x + r.width <= 50, "\(r) lies inside the scissor and the clip shape")
        }
    }

    @Test("an unmasked draw of an opaque image at opacity 1 covers its interior; translucent images, lower opacity, masks and offscreens cover nothing")
    func imageCoverRules() throws {
        func image(alpha: UInt8) -> Image {
            Image(bitmap: Bitmap(width: 4, height: 4, pixels: (0..<64).map { $0 % 4 == 3 ? alpha : UInt8(min(Int(alpha), $0 * 3)) }))
        }
        let opaque = image(alpha: 255), translucent = image(alpha: 254)
        #expect(opaque.isOpaque && !translucent.isOpaque)
        #expect(!Image(bitmap: Bitmap(width: 0, height: 0, pixels: [])).isOpaque)
        for translucent in 0..<3 {
            var pixels = [UInt8](repeating: 255, count: 3 * 4)
            pixels[translucent * 4 + 3] = 254
            #expect(!Image(bitmap: Bitmap(width: 3, height: 1, pixels: pixels)).isOpaque, "pixel \(translucent) of 3 has alpha 254")
        }
        #expect(Image(bitmap: Bitmap(width: 3, height: 1, pixels: [UInt8](repeating: 255, count: 12))).isOpaque)
        let draw = ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: 4, height: 4)), destination: Rect(10.3, 20.7, 100, 50),
                             sourceRect: Rect(0, 0, 1, 1), transform: .identity, sampling: .linear, opacity: 1, clip: .none)
        #expect(DrawCommand.image(draw).opaqueCover(images: [opaque]) == [PixelRect(x: 12, y: 22, width: 97, height: 47)])
        #expect(DrawCommand.image(draw).opaqueCover(images: [translucent]).isEmpty)
        #expect(DrawCommand.image(draw).opaqueCover().isEmpty, "without the plan's images nothing is known")
        var faded = draw
        faded.opacity = 0.99
        #expect(DrawCommand.image(faded).opaqueCover(images: [opaque]).isEmpty)
        var masked = draw
        masked.mask = 0
        #expect(DrawCommand.image(masked).opaqueCover(images: [opaque]).isEmpty)
        var offscreen = draw
        offscreen.source = .offscreen(0)
        #expect(DrawCommand.image(offscreen).opaqueCover(images: [opaque]).isEmpty)
        var rotated = draw
        rotated.transform = .rotation(0.1)
        #expect(DrawCommand.image(rotated).opaqueCover(images: [opaque]).isEmpty)
        var clipped = draw
        clipped.clip = Clip(scissor: nil, shapes: [.init(shape: RoundedRect(rect: Rect(0, 0, 60, 200), cornerRadius: 4), transform: .identity)])
        let cover = DrawCommand.image(clipped).opaqueCover(images: [opaque])
        #expect(!cover.isEmpty && cover.allSatisfy { $0.x >= 12 && $0.x + $0.width <= 59 }, "\(cover) lies inside the clip")
    }

    @Test("the map's uncovered box holds every pixel left uncovered, exactly for one-pixel cells; showsAny agrees with it", arguments: [120, 900])
    func uncoveredBoxIsSound(_ size: Int) {
        var random = SplitMix64(seed: UInt64(size))
        for _ in 0..<40 {
            let area = PixelRect(x: 7, y: 3, width: size, height: size * 2 / 3)
            var map = CoverMap(area)
            var covered = Set<Int>()
            for _ in 0..<Int(random.next() % 12) {
                let r = PixelRect(x: Int(random.next() % UInt64(size)), y: Int(random.next() % UInt64(size)),
                                  width: 1 + Int(random.next() % UInt64(size / 2)), height: 1 + Int(random.next() % UInt64(size / 2)))
                map.cover(r)
                guard let inside = r.intersection(area) else { continue }
                for y in inside.y..<(inside.y + inside.height) { for x in inside.x..<(inside.x + inside.width) { covered.insert(y * 10_000 + x) } }
            }
            let box = PixelRect(x: Int(random.next() % UInt64(size)), y: Int(random.next() % UInt64(size / 2)),
                                width: 1 + Int(random.next() % UInt64(size / 2)), height: 1 + Int(random.next() % UInt64(size / 2)))
            var exact: PixelRect?
            if let b = box.intersection(area) {
                for y in b.y..<(b.y + b.height) {
                    for x in b.x..<(b.x + b.width) where !covered.contains(y * 10_000 + x) {
                        let p = PixelRect(x: x, y: y, width: 1, height: 1)
                        exact = exact.map { DamageRegion.hull($0, p) } ?? p
                    }
                }
            }
            let found = map.uncovered(in: box)
            #expect(map.showsAny(of: box) == (found != nil), "the early-exit check agrees with the box")
            if let exact {
                #expect(found.map { $0.contains(exact) } == true, "\(String(describing: found)) must hold \(exact)")
                if map.cell == 1 { #expect(found == exact) }
            } else if map.cell == 1 {
                #expect(found == nil)
            }
        }
    }
}
