import Foundation
import Lamina
import LaminaPNG
import Testing

/// Scenes whose images are JPEG and WebP (files and data URIs), decoded through `SceneDecoder` and
/// rendered on both backends: the Exif orientation is applied, WebP alpha shows the background, and a
/// file's name does not decide its format.
@Suite struct PhotoSourceTests {
    /// 32×16 px upright: the left half red, the right half blue.
    static let halves: Bitmap = {
        var b = Bitmap(width: 32, height: 16, pixels: [UInt8](repeating: 255, count: 32 * 16 * 4))
        for y in 0..<16 {
            for x in 0..<32 {
                let i = (y * 32 + x) * 4
                b.pixels[i] = x < 16 ? 220 : 20
                b.pixels[i + 1] = 20
                b.pixels[i + 2] = x < 16 ? 20 : 220
            }
        }
        return b
    }()

    /// `halves` stored a quarter turn counter-clockwise (16×32), as a camera held sideways writes it.
    static let storedSideways: Bitmap = {
        var b = Bitmap(width: 16, height: 32, pixels: [UInt8](repeating: 0, count: 16 * 32 * 4))
        for y in 0..<32 {
            for x in 0..<16 {
                let (sx, sy) = (31 - y, x)
                b.pixels.replaceSubrange((y * 16 + x) * 4..<(y * 16 + x) * 4 + 4, with: halves.pixels[(sy * 32 + sx) * 4..<(sy * 32 + sx) * 4 + 4])
            }
        }
        return b
    }()

    /// A JPEG of `storedSideways` with Exif orientation 6 (turn clockwise to show).
    static func sidewaysJPEG() throws -> [UInt8] {
        let jpeg = try JPEGEncoder.encode(storedSideways, quality: 95, background: (255, 255, 255))
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(body.count + 2)] + body + jpeg.dropFirst(2)
    }

    /// 16×16 px: the left half opaque green, the right half transparent.
    static let sprite: Bitmap = {
        var b = Bitmap(width: 16, height: 16, pixels: [UInt8](repeating: 0, count: 16 * 16 * 4))
        for y in 0..<16 {
            for x in 0..<8 { b.pixels.replaceSubrange((y * 16 + x) * 4..<(y * 16 + x) * 4 + 4, with: [0, 180, 0, 255]) }
        }
        return b
    }()

    static func color(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(b.pixels[(y * b.width + x) * 4 + $0]) } }

    static func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 12) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    @Test(arguments: Harness.backends)
    func jpegAndWebPImagesRender(on backend: String) throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "lamina-photo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(try Self.sidewaysJPEG()).write(to: dir.appending(path: "photo.jpg"))
        try Data(try WebPEncoder.encode(Self.sprite, quality: 50, lossless: true)).write(to: dir.appending(path: "sprite.png"))
        let lossy = "data:image/webp;base64," + Data(try WebPEncoder.encode(Self.halves, quality: 90, lossless: false)).base64EncodedString()
        let jpegURI = "data:image/jpeg;base64," + Data(try Self.sidewaysJPEG()).base64EncodedString()
        let json = """
        {"width": 64, "height": 32, "background": "white",
         "images": {"photo": "photo.jpg", "sprite": "sprite.png", "lossy": "\(lossy)", "inline": "\(jpegURI)"},
         "root": {"frame": [0, 0, 64, 32], "sublayers": [
           {"frame": [0, 0, 32, 16], "contents": "photo"},
           {"frame": [32, 0, 16, 16], "contents": "sprite"},
           {"frame": [0, 16, 32, 16], "contents": "lossy"},
           {"frame": [32, 16, 32, 16], "contents": "inline"}]}}
        """
        try Data(json.utf8).write(to: dir.appending(path: "scene.json"))
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)
        let scene = try decoder.decode(contentsOfFile: dir.appending(path: "scene.json").path)
        let photo = try #require(scene.root.sublayers[0].contents)
        #expect(photo.width == 32 && photo.height == 16, "orientation 6 turns the 16×32 stored pixels upright")
        let image = try Harness.render(scene, on: backend)
        let (red, blue, green, white) = ([220, 20, 20, 255], [20, 20, 220, 255], [0, 180, 0, 255], [255, 255, 255, 255])
        for (x, y, expected, what) in [(6, 8, red, "photo, left"), (26, 8, blue, "photo, right"), (36, 8, green, "sprite, opaque half"),
                                       (44, 8, white, "sprite, transparent half"), (6, 24, red, "lossy WebP, left"),
                                       (26, 24, blue, "lossy WebP, right"), (38, 24, red, "JPEG data URI, left"),
                                       (58, 24, blue, "JPEG data URI, right")] {
            #expect(Self.near(Self.color(image, x, y), expected), "\(backend): \(what) at (\(x), \(y)) is \(Self.color(image, x, y))")
        }
    }

    @Test func brokenPhotosAreOneLineSceneErrors() throws {
        let jpeg = try Self.sidewaysJPEG()
        let cut = "data:image/jpeg;base64," + Data(jpeg.prefix(jpeg.count / 2)).base64EncodedString()
        let json = #"{"width": 8, "height": 8, "images": {"p": "\#(cut)"}, "root": {"contents": "p"}}"#
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)
        #expect(throws: SceneError.self) { try decoder.decode(json, fileName: "s.json") }
        do {
            _ = try decoder.decode(json, fileName: "s.json")
        } catch {
            #expect(error.description.hasPrefix("s.json: images.p: data URI: invalid JPEG: "), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }
}
