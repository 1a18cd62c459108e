import Testing
@testable import LaminaText

@Suite struct GlyphRasterizerTests {
    let rasterizer = GlyphRasterizer()
    let face = TestFonts.dejaVu

    /// Coverage-weighted mean x of the bitmap, in pixels from the glyph origin.
    func centroidX(_ b: GlyphBitmap) -> Double {
        var sum = 0.0, weight = 0.0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let c = Double(b.pixels[y * b.width + x])
                sum += c * (Double(b.left + x) + 0.5)
                weight += c
            }
        }
        return sum / weight
    }

    @Test func outlineGlyphIsUnhintedCoverageWithItsBearing() throws {
        let a = try rasterizer.rasterize(face.glyph(for: "A")!, face: face, pixelSize: 16)
        #expect(a.format == .coverage)
        #expect(a.pixels.count == a.width * a.height)
        #expect(a.width == 11 && a.height == 12)
        #expect(a.left == 0 && a.top == -12)
        #expect(a.pixels.contains(255))
        // The glyph's ink is about its outline area: DejaVu's "A" covers roughly a third of its box at 16 px.
        let ink = a.pixels.reduce(0) { $0 + Int($1) } / 255
        #expect(ink > 30 && ink < 70)
    }

    @Test func quarterPixelOffsetsMoveTheInk() throws {
        let glyph = face.glyph(for: "l")!
        let shifted = try (0..<4).map { try rasterizer.rasterize(glyph, face: face, pixelSize: 24, subpixel: $0) }
        let centroids = shifted.map(centroidX)
        for k in 1..<4 {
            #expect(abs(centroids[k] - centroids[0] - 0.25 * Double(k)) < 0.06)
            #expect(shifted[k].pixels != shifted[0].pixels)
        }
    }

    @Test func fractionalSizesScaleExactly() throws {
        let glyph = face.glyph(for: "H")!
        let small = try rasterizer.rasterize(glyph, face: face, pixelSize: 40)
        let larger = try rasterizer.rasterize(glyph, face: face, pixelSize: 40.5)
        let ink = { (b: GlyphBitmap) in Double(b.pixels.reduce(0) { $0 + Int($1) }) }
        #expect(ink(larger) > ink(small))
        #expect(abs(ink(larger) / ink(small) - (40.5 * 40.5) / (40 * 40)) < 0.01)
    }

    @Test func spaceIsEmpty() throws {
        let space = try rasterizer.rasterize(face.glyph(for: " ")!, face: face, pixelSize: 16)
        #expect(space.width == 0 && space.height == 0 && space.pixels.isEmpty)
    }

    @Test func colorEmojiIsPremultipliedRGBAAtTheRequestedSize() throws {
        let emoji = TestFonts.notoEmoji
        let glyph = emoji.glyph(for: "\u{1F600}")!
        let b = try rasterizer.rasterize(glyph, face: emoji, pixelSize: 32)
        #expect(b.format == .premultipliedRGBA)
        #expect(b.pixels.count == b.width * b.height * 4)
        // Noto Color Emoji's strike is 109 px per em with 136 × 128 images.
        #expect(b.width == 40 && b.height == 38)
        #expect(b.top < 0 && b.top > -32)
        var opaque = 0
        for i in stride(from: 0, to: b.pixels.count, by: 4) {
            #expect(b.pixels[i] <= b.pixels[i + 3] && b.pixels[i + 1] <= b.pixels[i + 3] && b.pixels[i + 2] <= b.pixels[i + 3])
            if b.pixels[i + 3] == 255 { opaque += 1 }
        }
        #expect(opaque > b.width * b.height / 3)
        // The face is yellow: at the center, red and green are high and blue low.
        let c = ((b.height / 2) * b.width + b.width / 2) * 4
        #expect(b.pixels[c] > 200 && b.pixels[c + 1] > 150 && b.pixels[c + 2] < 100)
    }

    @Test func badRequestsAreErrorsNotCrashes() {
        #expect(throws: GlyphRasterizerError.self) { try rasterizer.rasterize(999_999, face: face, pixelSize: 16) }
        #expect(throws: GlyphRasterizerError.self) { try rasterizer.rasterize(36, face: face, pixelSize: 0) }
        #expect(throws: GlyphRasterizerError.self) { try rasterizer.rasterize(36, face: face, pixelSize: .nan) }
        #expect(throws: GlyphRasterizerError.self) { try rasterizer.rasterize(36, face: face, pixelSize: 1e9) }
        do {
            _ = try rasterizer.rasterize(999_999, face: face, pixelSize: 16)
        } catch {
            #expect(error.description == "glyph 999999 of \(TestFonts.dejaVuPath): the face has 6253 glyphs")
        }
    }
}
