import Foundation
import Testing
@testable import Lamina

/// Image sources: relative paths confined to the scene's folder, data URIs, header checks before decoding.
@Suite struct SceneImageTests {
    /// A stand-in PNG decoder: a bitmap of the header's size filled with one color.
    static let fakeDecoder: SceneDecoder.ImageDecoder = { bytes, name in
        guard let header = ImageHeader(bytes) else { throw FakeDecodeError(name: name) }
        if bytes.count > 33 && bytes[33] == 0xEE { throw FakeDecodeError(name: name) }
        return Bitmap(width: header.width, height: header.height, fill: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))
    }

    struct FakeDecodeError: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name): invalid PNG: broken" }
    }

    /// The first 33 bytes of a PNG (signature + IHDR) with the given size, plus a marker byte.
    static func pngHeader(_ w: Int, _ h: Int, broken: Bool = false) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(w) + be(h)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0, broken ? 0xEE : 0]
    }

    let decoder = SceneDecoder(imageDecoder: SceneImageTests.fakeDecoder)

    /// A fresh folder holding `scene.json`, `assets/cone.png` and `outside/secret.png` next to it.
    func folder() throws -> (root: String, scenes: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-scene-\(UUID().uuidString)").path
        let scenes = root + "/scenes"
        try FileManager.default.createDirectory(atPath: scenes + "/assets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try Data(Self.pngHeader(4, 3)).write(to: URL(fileURLWithPath: scenes + "/assets/cone.png"))
        try Data(Self.pngHeader(2, 2)).write(to: URL(fileURLWithPath: root + "/outside/secret.png"))
        return (root, scenes)
    }

    func scene(images: String, root: String = #""contents": "cone""#) -> String {
        sceneWithRoot(root, top: #""images": {\#(images)},"#)
    }

    func errorLine(_ json: String, in dir: String) -> String? {
        let path = dir + "/scene.json"
        try? Data(json.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try decoder.decode(contentsOfFile: path)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: dir + "/", with: "")
        }
    }

    @Test func loadsRelativePathsAndSharesImages() throws {
        let (root, scenes) = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let json = scene(images: #""cone": "assets/cone.png", "again": "./assets/../assets/cone.png""#,
                         root: #""contents": "cone", "sublayers": [{"contents": "cone"}, {"contents": "again"}]"#)
        try Data(json.utf8).write(to: URL(fileURLWithPath: scenes + "/scene.json"))
        let s = try decoder.decode(contentsOfFile: scenes + "/scene.json")
        let image = try #require(s.root.contents)
        #expect(image.width == 4 && image.height == 3 && image.source == "assets/cone.png")
        #expect(s.root.sublayers[0].contents === image)
        #expect(s.root.sublayers[1].contents === image, "the same file under two names decodes once")
        let viaData = try decoder.decode(Array(json.utf8), fileName: "x.json", baseDirectory: scenes)
        #expect(viaData.root.contents?.width == 4)
    }

    @Test func refusesPathsThatLeaveTheFolder() throws {
        let (root, scenes) = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(errorLine(scene(images: #""cone": "/etc/passwd""#), in: scenes)
                == #"scene.json: images.cone: "/etc/passwd" is an absolute path; image paths must be relative to the scene's folder"#)
        #expect(errorLine(scene(images: #""cone": "../outside/secret.png""#), in: scenes)
                == #"scene.json: images.cone: "../outside/secret.png" leads outside the scene's folder ("..")"#)
        #expect(errorLine(scene(images: #""cone": "assets/../../outside/secret.png""#), in: scenes)
                == #"scene.json: images.cone: "assets/../../outside/secret.png" leads outside the scene's folder ("..")"#)
        try FileManager.default.createSymbolicLink(atPath: scenes + "/assets/link.png", withDestinationPath: root + "/outside/secret.png")
        try FileManager.default.createSymbolicLink(atPath: scenes + "/escape", withDestinationPath: root + "/outside")
        #expect(errorLine(scene(images: #""cone": "assets/link.png""#), in: scenes)
                == #"scene.json: images.cone: "assets/link.png" resolves (through a symbolic link) to a file outside the scene's folder"#)
        #expect(errorLine(scene(images: #""cone": "escape/secret.png""#), in: scenes)
                == #"scene.json: images.cone: "escape/secret.png" resolves (through a symbolic link) to a file outside the scene's folder"#)
        try FileManager.default.createSymbolicLink(atPath: scenes + "/assets/inside.png", withDestinationPath: "cone.png")
        #expect(errorLine(scene(images: #""cone": "assets/inside.png""#), in: scenes) == nil)
    }

    @Test func refusesMissingAndNonPNGFiles() throws {
        let (root, scenes) = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(errorLine(scene(images: #""cone": "assets/nope.png""#), in: scenes)
                == #"scene.json: images.cone: cannot read "assets/nope.png": no such file"#)
        #expect(errorLine(scene(images: #""cone": "assets""#), in: scenes)
                == #"scene.json: images.cone: cannot read "assets": it is a folder, not a file"#)
        #expect(errorLine(scene(images: #""cone": """#), in: scenes) == "scene.json: images.cone: expected an image path, got an empty string")
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: scenes + "/assets/a.gif"))
        #expect(errorLine(scene(images: #""cone": "assets/a.gif""#), in: scenes)
                == "scene.json: images.cone: not a PNG, JPEG or WebP image")
    }

    @Test func checksDimensionsBeforeDecoding() throws {
        let (root, scenes) = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(Self.pngHeader(16385, 2)).write(to: URL(fileURLWithPath: scenes + "/assets/wide.png"))
        try Data(Self.pngHeader(0, 2)).write(to: URL(fileURLWithPath: scenes + "/assets/empty.png"))
        try Data(Self.pngHeader(2, 2, broken: true)).write(to: URL(fileURLWithPath: scenes + "/assets/broken.png"))
        #expect(errorLine(scene(images: #""cone": "assets/wide.png""#), in: scenes)
                == "scene.json: images.cone: the PNG image is 16385×2 px; images may be at most 16384 px a side")
        #expect(errorLine(scene(images: #""cone": "assets/empty.png""#), in: scenes)
                == "scene.json: images.cone: the PNG image is 0×2 px; it must not be empty")
        #expect(errorLine(scene(images: #""cone": "assets/broken.png""#), in: scenes)
                == "scene.json: images.cone: assets/broken.png: invalid PNG: broken")
    }

    @Test func decodesDataURIs() throws {
        let payload = Data(Self.pngHeader(5, 6)).base64EncodedString()
        let s = try decoder.decode(scene(images: "\"cone\": \"data:image/png;base64,\(payload)\""))
        #expect(s.root.contents?.width == 5 && s.root.contents?.height == 6 && s.root.contents?.source == "data URI")
        let big = Data(Self.pngHeader(20000, 6)).base64EncodedString()
        #expect(sceneErrorLine(scene(images: "\"cone\": \"data:image/png;base64,\(big)\""), decoder: decoder)
                == "card.json: images.cone: the PNG image is 20000×6 px; images may be at most 16384 px a side")
    }

    @Test func refusesOtherDataURIs() {
        #expect(sceneErrorLine(scene(images: #""cone": "data:image/gif;base64,AAAA""#), decoder: decoder)
                == #"card.json: images.cone: expected a data:image/png, data:image/jpeg or data:image/webp URI in base64 ("data:image/png;base64,…"), got "data:image/gif;base64,AAAA""#)
        #expect(sceneErrorLine(scene(images: #""cone": "data:image/jpeg;base64,AAAA""#), decoder: decoder)
                == "card.json: images.cone: not a PNG, JPEG or WebP image")
        #expect(sceneErrorLine(scene(images: #""cone": "data:image/png;base64,iVBO*w==""#), decoder: decoder)
                == "card.json: images.cone: the data URI is not valid base64")
        #expect(sceneErrorLine(scene(images: #""cone": "data:image/png;base64,iVBORw""#), decoder: decoder)
                == "card.json: images.cone: the data URI is not valid base64")
        #expect(sceneErrorLine(scene(images: #""cone": "data:image/png;base64,""#), decoder: decoder)
                == "card.json: images.cone: not a PNG, JPEG or WebP image")
    }

    @Test func imagePathsNeedAFolderAndADecoder() {
        #expect(sceneErrorLine(scene(images: #""cone": "a.png""#), decoder: decoder)
                == #"card.json: images.cone: "a.png" is a relative path but the scene has no folder (use a data: URI)"#)
        let payload = Data(Self.pngHeader(5, 6)).base64EncodedString()
        #expect(sceneErrorLine(scene(images: "\"cone\": \"data:image/png;base64,\(payload)\""))
                == "card.json: images.cone: this decoder has no image decoder, so scenes cannot use images")
    }

    @Test func contentsNameKnownImages() {
        let payload = Data(Self.pngHeader(5, 6)).base64EncodedString()
        let line = sceneErrorLine(scene(images: "\"cone\": \"data:image/png;base64,\(payload)\"", root: #""contents": "cones""#), decoder: decoder)
        #expect(line == #"card.json: root.contents: unknown image "cones"; did you mean "cone"?"#)
    }

    @Test func sceneFilesAreSizeCheckedAndNamedAsGiven() throws {
        let (root, scenes) = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let big = scenes + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(Limits.maxDocumentBytes + 1))
        try handle.close()
        #expect(throws: SceneError(file: big, path: "", message: "the document is 67108865 bytes; scene documents may be at most 67108864 bytes (64 MiB)", exceedsLimit: true)) {
            try decoder.decode(contentsOfFile: big)
        }
        #expect(throws: SceneError(file: scenes + "/none.json", path: "", message: "cannot read the scene: no such file")) {
            try decoder.decode(contentsOfFile: scenes + "/none.json")
        }
    }

    @Test func base64DecodesStrictly() {
        #expect(Base64.decode(Array("TWFu".utf8)) == Array("Man".utf8))
        #expect(Base64.decode(Array("TWE=".utf8)) == Array("Ma".utf8))
        #expect(Base64.decode(Array("TQ==".utf8)) == Array("M".utf8))
        #expect(Base64.decode(Array("".utf8)) == [])
        #expect(Base64.decode(Array("TQ=".utf8)) == nil)
        #expect(Base64.decode(Array("T=Q=".utf8)) == nil)
        #expect(Base64.decode(Array("TQ==TWFu".utf8)) == nil)
    }
}
