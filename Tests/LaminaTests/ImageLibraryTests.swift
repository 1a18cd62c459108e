import Lamina
import Testing

@Suite struct ImageLibraryTests {
    static func image(_ value: UInt8) -> Image {
        Image(bitmap: Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: value, count: 16)))
    }

    @Test("the same bytes give the same image object; other bytes decode anew")
    func sameBytesSameImage() {
        let library = ImageLibrary()
        var decodes = 0
        let a = library.image(for: [1, 2, 3]) { decodes += 1; return Self.image(1) }
        let b = library.image(for: [1, 2, 3]) { decodes += 1; return Self.image(2) }
        let c = library.image(for: [1, 2, 4]) { decodes += 1; return Self.image(3) }
        #expect(a === b)
        #expect(a !== c)
        #expect(decodes == 2)
        #expect(library.statistics.hits == 1)
    }

    @Test("past its byte limit the least recently used image is dropped")
    func evicts() {
        let library = ImageLibrary(byteLimit: 40)
        let first = library.image(for: [1]) { Self.image(1) }
        _ = library.image(for: [2]) { Self.image(2) }
        _ = library.image(for: [3]) { Self.image(3) }
        let again = library.image(for: [1]) { Self.image(4) }
        #expect(first !== again)
    }

    @Test("a scene decoder with a library gives two documents holding the same PNG the same image")
    func decoderSharesImages() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 2]
        let uri = "data:image/png;base64," + Self.base64(png)
        let decoder = SceneDecoder(imageDecoder: { _, _ in Bitmap(width: 2, height: 2) }, imageLibrary: ImageLibrary())
        let text = #"{"width":4,"height":4,"images":{"a":"\#(uri)"},"root":{"contents":"a"}}"#
        let one = try decoder.decode(text), two = try decoder.decode(text)
        #expect(one.root.contents != nil)
        #expect(one.root.contents === two.root.contents)
        let plain = SceneDecoder(imageDecoder: { _, _ in Bitmap(width: 2, height: 2) })
        #expect(try plain.decode(text).root.contents !== plain.decode(text).root.contents)
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        for i in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = Array(bytes[i..<min(i + 3, bytes.count)]) + [0, 0]
            let n = Int(chunk[0]) << 16 | Int(chunk[1]) << 8 | Int(chunk[2])
            let count = min(3, bytes.count - i)
            for j in 0..<4 { out.append(j <= count ? table[(n >> (18 - 6 * j)) & 63] : "=") }
        }
        return out
    }
}
