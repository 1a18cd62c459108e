import Foundation
import Lamina
import Testing
@testable import LaminaPNG

/// The decoder scenes use: the format is chosen by the bytes, never by the file name.
@Suite struct ImageSourceDecoderTests {
    @Test func choosesTheDecoderByTheBytes() throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "lamina-decode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = try TestImages.fixture("exif-6.jpg")
        try Data(jpeg).write(to: dir.appending(path: "photo.png"))
        let fromFile = try ImageSourceDecoder.decode(contentsOfFile: dir.appending(path: "photo.png").path)
        #expect(fromFile == (try JPEGDecoder.decode(jpeg)))
        #expect(fromFile.width == 48 && fromFile.height == 32)
        let webp = try TestImages.fixture("lossless-alpha.webp")
        #expect(try ImageSourceDecoder.sceneImageDecoder(webp, "a.jpg") == (try WebPDecoder.decode(webp)))
        let png = try TestImages.fixture("blocks.png")
        #expect(try ImageSourceDecoder.sceneImageDecoder(png, "b.webp") == TestImages.blocks)
    }

    @Test func refusesOtherFormatsInOneLine() {
        #expect(TestImages.message { try ImageSourceDecoder.decode(Array("GIF89a....".utf8), source: "x.gif") }
                == "x.gif: not a PNG, JPEG or WebP image")
        #expect(TestImages.message { try ImageSourceDecoder.decode([], source: "empty.png") } == "empty.png: not a PNG, JPEG or WebP image")
        #expect(PNGError.unknownFormat(source: "x").kind == .badInput)
        #expect(PNGError.invalid(source: "x", message: "m", format: "WebP").kind == .badInput)
    }
}
