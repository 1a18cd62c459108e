import Lamina
@testable import LaminaExamples
import Testing

@Suite struct ExampleAssetsTests {
    /// One generation of every asset, shared by the tests that only inspect pixels.
    static let generated = StubAssetFolder.bitmaps

    @Test(arguments: ExampleAssets.all.map(\.name))
    func generatingTwiceGivesTheSameBytes(name: String) {
        let first = ExampleAssets.make(named: name)
        let second = ExampleAssets.make(named: name)
        #expect(first != nil)
        #expect(first == second)
    }

    @Test func assetsHaveTheDocumentedSizes() {
        let expected: [String: (Int, Int)] = [
            "cone.png": (256, 256), "igloo.png": (256, 256), "snowman.png": (256, 256),
            "digits.png": (280, 36), "pixel-art.png": (16, 16), "detailed.png": (512, 512),
            "hello-label.png": (220, 60), "filter-captions.png": (112, 54),
        ]
        #expect(Set(ExampleAssets.all.map(\.name)) == Set(expected.keys))
        for (name, bitmap) in Self.generated {
            #expect(bitmap.width == expected[name]?.0 && bitmap.height == expected[name]?.1, "\(name)")
        }
    }

    @Test func assetsArePremultiplied() {
        for (name, b) in Self.generated {
            let bad = stride(from: 0, to: b.pixels.count, by: 4).first { i in
                let a = b.pixels[i + 3]
                return max(b.pixels[i], b.pixels[i + 1], b.pixels[i + 2]) > a
            }
            #expect(bad == nil, "\(name) has a color channel above alpha at byte \(bad ?? -1)")
        }
    }

    @Test func coneHasSoftEdgesAnOpaqueInteriorAndTransparentCorners() {
        let cone = Self.generated["cone.png"]!
        let alphas = stride(from: 3, to: cone.pixels.count, by: 4).map { cone.pixels[$0] }
        let partial = alphas.filter { $0 > 0 && $0 < 255 }.count
        #expect(partial > 500, "feathered edge pixels: \(partial)")
        #expect(alphas.contains(255))
        for (x, y) in [(0, 0), (255, 0), (0, 255), (255, 255)] {
            #expect(cone[x, y][3] == 0)
        }
        #expect(cone[128, 80][3] == 255, "scoop interior")
        #expect(cone[128, 180][3] == 255, "cone interior")
        #expect(cone[128, 252][3] == 0, "below the tip")
    }

    @Test func coneEdgeRampsOverSeveralPixels() {
        let cone = Self.generated["cone.png"]!
        let row = (0..<128).map { cone[$0, 87][3] }
        let ramp = row.filter { $0 > 0 && $0 < 255 }.count
        #expect(ramp >= 2 && ramp <= 6, "edge ramp width \(ramp)")
        #expect(row == row.sorted(), "alpha rises monotonically toward the interior")
    }

    @Test func iglooAndPixelArtAndDetailedAreOpaque() {
        for bitmap in [Self.generated["igloo.png"]!, Self.generated["pixel-art.png"]!, Self.generated["detailed.png"]!] {
            #expect(stride(from: 3, to: bitmap.pixels.count, by: 4).allSatisfy { bitmap.pixels[$0] == 255 })
        }
    }

    @Test func iglooHasTextureNotFlatAreas() {
        let igloo = Self.generated["igloo.png"]!
        let skyRow = Set((0..<256).map { igloo[$0, 10] })
        #expect(skyRow.count > 20, "noise makes the sky row vary: \(skyRow.count) colors")
        #expect(igloo[128, 10][2] > igloo[128, 10][0], "blue sky")
        #expect(igloo[20, 240][0] > 200, "white snow")
    }

    @Test func snowmanIsAFigureOnTransparency() {
        let snowman = Self.generated["snowman.png"]!
        #expect(snowman[0, 0][3] == 0 && snowman[255, 255][3] == 0 && snowman[10, 200][3] == 0)
        #expect(snowman[128, 200][3] == 255 && snowman[128, 20][3] == 255)
        let alphas = stride(from: 3, to: snowman.pixels.count, by: 4).map { snowman.pixels[$0] }
        #expect(alphas.contains { $0 > 0 && $0 < 255 }, "anti-aliased outline")
    }

    @Test func digitSheetIsCrispWithTwoColors() {
        let sheet = Self.generated["digits.png"]!
        var colors = Set<SIMD4<UInt8>>()
        for y in 0..<sheet.height { for x in 0..<sheet.width { colors.insert(sheet[x, y]) } }
        #expect(colors.count == 2)
        #expect(colors.allSatisfy { $0[3] == 255 })
    }

    @Test func digitCellsAreDistinctAndPadded() {
        let sheet = Self.generated["digits.png"]!
        let w = ExampleAssets.digitCellWidth, h = ExampleAssets.digitCellHeight
        #expect(sheet.width == 10 * w && sheet.height == h)
        let cells = (0..<10).map { sheet.cropped(to: PixelRect(x: $0 * w, y: 0, width: w, height: h)) }
        #expect(Set(cells).count == 10)
        let background = sheet[0, 0]
        for (digit, cell) in cells.enumerated() {
            let border = (0..<w).flatMap { [cell[$0, 0], cell[$0, h - 1]] } + (0..<h).flatMap { [cell[0, $0], cell[w - 1, $0]] }
            #expect(border.allSatisfy { $0 == background }, "cell \(digit) keeps its padding")
            let ink = (0..<h).flatMap { y in (0..<w).map { cell[$0, y] } }.filter { $0 != background }.count
            #expect(ink > 0 && ink % 16 == 0, "cell \(digit): whole 4×4 font pixels")
        }
    }

    @Test func helloLabelIsCrispCenteredText() {
        let label = Self.generated["hello-label.png"]!
        var inkColumns: [Int] = [], inkRows: [Int] = []
        for y in 0..<label.height {
            for x in 0..<label.width {
                let a = label[x, y][3]
                #expect(a == 0 || a == 255)
                if a == 255 { inkColumns.append(x); inkRows.append(y) }
            }
        }
        let left = inkColumns.min() ?? 0, right = inkColumns.max() ?? 0
        let top = inkRows.min() ?? 0, bottom = inkRows.max() ?? 0
        #expect(abs(left - (label.width - 1 - right)) <= 3, "horizontally centered: \(left)…\(right)")
        #expect(abs(top - (label.height - 1 - bottom)) <= 3, "vertically centered: \(top)…\(bottom)")
    }

    @Test func filterCaptionsAreCrispRowsThatDiffer() {
        let sheet = Self.generated["filter-captions.png"]!
        #expect(stride(from: 3, to: sheet.pixels.count, by: 4).allSatisfy { sheet.pixels[$0] == 0 || sheet.pixels[$0] == 255 })
        let h = ExampleAssets.filterCaptionRowHeight
        let rows = (0..<3).map { sheet.cropped(to: PixelRect(x: 0, y: $0 * h, width: sheet.width, height: h)) }
        #expect(Set(rows).count == 3)
        for row in rows {
            #expect((0..<row.width).allSatisfy { row[$0, 0][3] == 0 && row[$0, h - 1][3] == 0 }, "rows keep their padding")
        }
    }

    @Test func pixelArtUsesAFewFlatColors() {
        let art = Self.generated["pixel-art.png"]!
        var colors = Set<SIMD4<UInt8>>()
        for y in 0..<art.height { for x in 0..<art.width { colors.insert(art[x, y]) } }
        #expect(colors.count >= 4 && colors.count <= 8)
    }

    @Test func detailedImageHasFineDetailEverywhere() {
        let image = Self.generated["detailed.png"]!
        var transitions = 0
        for x in 1..<image.width where image[x, 200] != image[x - 1, 200] { transitions += 1 }
        #expect(transitions > 200, "a row through the zone plate changes color almost every pixel: \(transitions)")
        let textRow = (0..<image.width).filter { image[$0, 406] == SIMD4(0, 0, 0, 255) }.count
        #expect(textRow > 50, "text row has black glyph pixels")
    }
}
