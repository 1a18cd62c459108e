import Foundation
import Lamina
import Testing
@testable import LaminaPNG

@Suite struct PNGEncoderTests {
    static func gradient(_ w: Int, _ h: Int) -> Bitmap {
        var b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt8((x * 255) / max(1, w - 1))
                let c = { (v: Int) -> UInt8 in let m: Int = (v % 256) * Int(a); return UInt8(m / 255) }
                b[x, y] = SIMD4(c(x * 13 + y), c(y * 29), c(x * y), a)
            }
        }
        return b
    }

    @Test func roundTripsPremultipliedPixels() throws {
        let original = Self.gradient(37, 23)
        let decoded = try PNGDecoder.decode(try PNGEncoder.encode(original))
        #expect(decoded.width == 37 && decoded.height == 23)
        var worst = 0
        for i in 0..<original.pixels.count {
            worst = max(worst, abs(Int(original.pixels[i]) - Int(decoded.pixels[i])))
        }
        #expect(worst <= 1)
        let opaque = Bitmap(width: 3, height: 2, fill: PremultipliedColor(red: 0.2, green: 0.4, blue: 1, alpha: 1))
        #expect(try PNGDecoder.decode(try PNGEncoder.encode(opaque)) == opaque)
    }

    @Test func storesStraightAlphaRounded() throws {
        var b = Bitmap(width: 2, height: 1)
        b[0, 0] = SIMD4(64, 32, 0, 128)
        b[1, 0] = SIMD4(9, 9, 9, 0)
        let png = try PNGEncoder.encode(b)
        #expect(PNGEncoder.unpremultiplied(b.pixels) == [128, 64, 0, 128, 0, 0, 0, 0])
        let back = try PNGDecoder.decode(png)
        #expect(back[0, 0] == SIMD4(64, 32, 0, 128))
        #expect(back[1, 0] == SIMD4(0, 0, 0, 0))
    }

    @Test func writesAtomicallyAndLeavesNothingOnFailure() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-png-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.png"
        try PNGEncoder.write(Self.gradient(8, 8), to: path)
        #expect(try PNGDecoder.decode(contentsOfFile: path) == PNGDecoder.decode(PNGEncoder.encode(Self.gradient(8, 8))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.png"])

        #expect(throws: PNGError.self) { try PNGEncoder.write(Self.gradient(2, 2), to: dir + "/missing/out.png") }
        do {
            try PNGEncoder.write(Self.gradient(2, 2), to: dir + "/missing/out.png")
        } catch {
            #expect(error.kind == .badInput)
            #expect(error.description == "cannot create a file in \(dir)/missing: no such directory")
        }
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: false)
        #expect(throws: PNGError.self) { try PNGEncoder.write(Self.gradient(2, 2), to: dir + "/folder.png") }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == ["out.png", "folder.png"])
    }

    @Test func refusesEmptyBitmapsAndMissingFiles() {
        #expect(throws: PNGError.self) { try PNGEncoder.encode(Bitmap(width: 0, height: 0)) }
        #expect(throws: PNGError.unreadable(path: "/nonexistent/x.png", reason: "no such file")) {
            try PNGDecoder.decode(contentsOfFile: "/nonexistent/x.png")
        }
    }
}
