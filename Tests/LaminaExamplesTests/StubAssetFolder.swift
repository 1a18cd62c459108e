import Foundation
import Lamina
import LaminaExamples

/// A temporary folder laid out like `Examples/` whose `assets/*.png` files are PNG headers only
/// (signature + IHDR with the asset's size), paired with an image decoder that returns the generated
/// bitmap for the asset a path names. It lets the scene decoder load every example scene without a
/// PNG codec in this test target.
final class StubAssetFolder: Sendable {
    let path: String
    static let bitmaps: [String: Bitmap] = Dictionary(uniqueKeysWithValues: ExampleAssets.all.map { ($0.name, $0.make()) })

    init() throws {
        path = NSTemporaryDirectory() + "lamina-examples-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path + "/assets", withIntermediateDirectories: true)
        for (name, bitmap) in Self.bitmaps {
            try Data(Self.pngHeader(width: bitmap.width, height: bitmap.height))
                .write(to: URL(fileURLWithPath: path + "/assets/" + name))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Returns the generated asset whose file name ends `label` (e.g. "assets/cone.png").
    static let decoder: SceneDecoder.ImageDecoder = { _, label in
        let name = String(label.split(separator: "/").last ?? "")
        guard let bitmap = bitmaps[name] else { throw RenderError(.badInput, "no example asset \(label)") }
        return bitmap
    }

    /// The first 24 bytes of a PNG file: signature, IHDR length and type, width and height.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
            + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }
}
