import Foundation
import Lamina
import Testing
import LaminaPNG

/// `PNGCompression.fast` writes other bytes than `.standard` but the very same pixels.
@Suite struct PNGFastCompressionTests {
    @Test("fast and standard PNGs decode to identical pixels; the bytes differ")
    func samePixels() throws {
        for (w, h) in [(1, 1), (37, 23), (300, 7)] {
            let bitmap = PNGEncoderTests.gradient(w, h)
            let standard = try PNGEncoder.encode(bitmap)
            let fast = try PNGEncoder.encode(bitmap, compression: .fast)
            #expect(try PNGDecoder.decode(fast) == PNGDecoder.decode(standard), "\(w)×\(h)")
            if w > 1 { #expect(fast != standard, "\(w)×\(h): the fast path was not taken") }
        }
    }

    @Test("fast writes files atomically and refuses empty bitmaps like standard")
    func writesAndRefuses() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "lamina-fast-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bitmap = PNGEncoderTests.gradient(16, 16)
        try PNGEncoder.write(bitmap, to: path, compression: .fast)
        #expect(try PNGDecoder.decode(contentsOfFile: path) == PNGDecoder.decode(PNGEncoder.encode(bitmap)))
        #expect(throws: PNGError.self) { try PNGEncoder.encode(Bitmap(width: 0, height: 0), compression: .fast) }
    }
}
