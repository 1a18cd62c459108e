import Lamina
import Testing
@testable import LaminaPNG

@Suite struct PNGDecoderTests {
    /// A 5×3 image whose samples cover the whole range of `depth`.
    static func samples(channels: Int, depth: UInt8, count: Int) -> [[UInt16]] {
        let maxValue = (1 << Int(depth)) - 1
        return (0..<count).map { i in
            (0..<channels).map { c -> UInt16 in
                let v: Int = (i * 7919 + c * 104_729 + i * c * 31) % (maxValue + 1)
                return UInt16(v)
            }
        }
    }

    static func to8(_ v: UInt16, _ depth: UInt8) -> UInt8 {
        depth == 16 ? UInt8(v >> 8) : UInt8(Int(v) * 255 / ((1 << Int(depth)) - 1))
    }

    static func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> SIMD4<UInt8> {
        func pm(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
        return SIMD4(pm(r), pm(g), pm(b), a)
    }

    static func expected(_ s: [UInt16], colorType: UInt8, depth: UInt8) -> SIMD4<UInt8> {
        let v = s.map { to8($0, depth) }
        switch colorType {
        case 0: return SIMD4(v[0], v[0], v[0], 255)
        case 4: return premultiplied(v[0], v[0], v[0], v[1])
        case 2: return SIMD4(v[0], v[1], v[2], 255)
        default: return premultiplied(v[0], v[1], v[2], v[3])
        }
    }

    @Test(arguments: [
        (UInt8(0), UInt8(1)), (0, 2), (0, 4), (0, 8), (0, 16), (4, 8), (4, 16), (2, 8), (2, 16), (6, 8), (6, 16),
    ])
    func decodesEveryTrueColorAndGrayDepth(colorType: UInt8, depth: UInt8) throws {
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(colorType)]!
        for interlaced in [false, true] {
            let (w, h) = (11, 9)
            let s = Self.samples(channels: channels, depth: depth, count: w * h)
            let file = TestPNGFile(width: w, height: h, colorType: colorType, bitDepth: depth, interlaced: interlaced, samples: s)
            let bitmap = try PNGDecoder.decode(file.bytes)
            #expect(bitmap.width == w && bitmap.height == h)
            var mismatches = 0
            for y in 0..<h {
                for x in 0..<w where bitmap[x, y] != Self.expected(s[y * w + x], colorType: colorType, depth: depth) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "color type \(colorType), depth \(depth), interlaced \(interlaced): \(mismatches) pixels differ; first \(bitmap[0, 1]) vs \(Self.expected(s[w], colorType: colorType, depth: depth))")
        }
    }

    @Test(arguments: [UInt8(1), 2, 4, 8])
    func decodesPalettesWithTransparency(depth: UInt8) throws {
        let entries = 1 << Int(depth)
        var palette: [(UInt8, UInt8, UInt8)] = []
        for i in 0..<entries {
            let r: Int = i * 37 % 256, g: Int = 255 - i * 11 % 256, b: Int = i * 90 % 256
            palette.append((UInt8(r), UInt8(g), UInt8(b)))
        }
        let alphas = (0..<max(1, entries / 2)).map { UInt8($0 * 97 % 256) }
        for interlaced in [false, true] {
            let (w, h) = (10, 7)
            let s = (0..<w * h).map { [UInt16($0 * 3 % entries)] }
            let file = TestPNGFile(width: w, height: h, colorType: 3, bitDepth: depth, interlaced: interlaced,
                                   samples: s, palette: palette, transparency: alphas)
            let bitmap = try PNGDecoder.decode(file.bytes)
            for y in 0..<h {
                for x in 0..<w {
                    let i = Int(s[y * w + x][0])
                    let a = i < alphas.count ? alphas[i] : 255
                    let e = Self.premultiplied(palette[i].0, palette[i].1, palette[i].2, a)
                    #expect(bitmap[x, y] == e, "depth \(depth) (\(x),\(y))")
                }
            }
        }
    }

    @Test func sixteenBitKeepsTheHighByte() throws {
        let s: [[UInt16]] = [[0x12FF, 0xAB80, 0x017F], [0xFFFF, 0x0000, 0x8000]]
        let bitmap = try PNGDecoder.decode(TestPNGFile(width: 2, height: 1, colorType: 2, bitDepth: 16, samples: s).bytes)
        #expect(bitmap[0, 0] == SIMD4(0x12, 0xAB, 0x01, 255))
        #expect(bitmap[1, 0] == SIMD4(0xFF, 0x00, 0x80, 255))
    }

    @Test func refusesZeroAndOversizedDimensionsBeforeDecoding() throws {
        for (w, h) in [(Limits.maxImageSide + 1, 1), (1, 20000)] {
            var file = TestPNGFile(width: 1, height: 1, colorType: 0, bitDepth: 8, samples: [[0]]).bytes
            file.replaceSubrange(16..<24, with: TestPNGFile.be32(w) + TestPNGFile.be32(h))
            file.replaceSubrange(29..<33, with: TestPNGFile.be32(Int(TestPNGFile.crc32(Array(file[12..<29])))))
            #expect(throws: PNGError.badDimensions(source: "big.png", width: w, height: h)) {
                try PNGDecoder.decode(file, source: "big.png")
            }
        }
        var zero = TestPNGFile(width: 1, height: 1, colorType: 0, bitDepth: 8, samples: [[0]]).bytes
        zero.replaceSubrange(16..<20, with: TestPNGFile.be32(0))
        zero.replaceSubrange(29..<33, with: TestPNGFile.be32(Int(TestPNGFile.crc32(Array(zero[12..<29])))))
        #expect(throws: PNGError.self) { try PNGDecoder.decode(zero) }
    }

    @Test func refusesNonPNGBytes() {
        #expect(throws: PNGError.notPNG(source: "x.jpg")) { try PNGDecoder.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0, 0, 0], source: "x.jpg") }
        #expect(throws: PNGError.notPNG(source: "e")) { try PNGDecoder.decode([], source: "e") }
    }

    @Test func refusesEveryTruncationWithoutCrashing() throws {
        let s = Self.samples(channels: 4, depth: 8, count: 64)
        let file = TestPNGFile(width: 8, height: 8, colorType: 6, bitDepth: 8, samples: s).bytes
        for cut in [8, 12, 20, 33, 40, 60, file.count - 20, file.count - 13] {
            let r = Result { try PNGDecoder.decode(Array(file.prefix(cut)), source: "cut.png") }
            guard case .failure(let e) = r, let error = e as? PNGError else {
                Issue.record("truncated at \(cut) decoded"); continue
            }
            #expect(error.kind == .badInput)
            #expect(error.description.hasPrefix("cut.png: "))
        }
    }

    @Test func refusesBrokenCRCsAndCorruptData() throws {
        let s = Self.samples(channels: 3, depth: 8, count: 16)
        let good = TestPNGFile(width: 4, height: 4, colorType: 2, bitDepth: 8, samples: s).bytes
        var badHeaderCRC = good
        badHeaderCRC[30] ^= 0xFF
        #expect(throws: PNGError.self) { try PNGDecoder.decode(badHeaderCRC) }
        var badDataCRC = good
        badDataCRC[good.count - 13] ^= 0x55
        #expect(throws: PNGError.self) { try PNGDecoder.decode(badDataCRC) }
        var badZlib = good
        badZlib[41] = 0xFF
        #expect(throws: PNGError.self) { try PNGDecoder.decode(badZlib) }
        var xorshift: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            var fuzzed = good
            for _ in 0..<3 {
                xorshift ^= xorshift << 13; xorshift ^= xorshift >> 7; xorshift ^= xorshift << 17
                fuzzed[8 + Int(xorshift % UInt64(good.count - 8))] = UInt8(truncatingIfNeeded: xorshift >> 32)
            }
            _ = try? PNGDecoder.decode(fuzzed)
        }
    }

    @Test func readsDimensionsFromTheHeader() throws {
        let file = TestPNGFile(width: 300, height: 2, colorType: 0, bitDepth: 1, samples: Array(repeating: [1], count: 600))
        let size = try PNGDecoder.dimensions(file.bytes)
        #expect(size.width == 300 && size.height == 2)
    }
}
