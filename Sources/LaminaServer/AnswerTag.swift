import Foundation
import Lamina
import LaminaPNG

/// The `ETag` of an answer: a 64-bit FNV-1a hash (Fowler, Noll, Vo: offset 0xcbf29ce484222325, prime
/// 0x100000001b3) of the posted scene, the backend, the scale, the output options and, for every image the
/// scene names by file, that file's path, size and modification time in the assets folder. Data URIs are
/// part of the scene's bytes. Equal on every replica that has the same assets.
enum AnswerTag {
    static func make(scene: [UInt8], backend: String, scale: Double?, options: EncodingOptions, assets: String?) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
            h = (h ^ 0xff) &* 0x0000_0100_0000_01b3
        }
        mix(scene)
        mix(backend.utf8)
        mix((scale.map { String($0) } ?? "-").utf8)
        mix(options.cacheKey.utf8)
        for file in imageFiles(scene) {
            mix(file.utf8)
            mix(fileStamp(file, assets: assets).utf8)
        }
        return "\"" + String(h, radix: 16) + "\""
    }

    /// The image sources of the scene that are not data URIs, in document order; none when the body
    /// is not a JSON object (the render reports that).
    static func imageFiles(_ scene: [UInt8]) -> [String] {
        guard scene.firstRange(of: Array("\"images\"".utf8)) != nil,
              case .object(let root)? = try? JSONParser.parse(scene),
              case .object(let images)? = root["images"] else { return [] }
        return images.values.compactMap { value in
            guard case .string(let source) = value, !source.hasPrefix("data:") else { return nil }
            return source
        }
    }

    /// Size and modification time of an asset file, or "missing".
    static func fileStamp(_ name: String, assets: String?) -> String {
        guard let assets else { return "no-assets" }
        var st = stat()
        guard stat(assets + "/" + name, &st) == 0 else { return "missing" }
        return "\(st.st_size)/\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }

    /// True when an `If-None-Match` value names `tag` (or is `*`); weak tags compare by their opaque part.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { item in
            let t = item.trimmingCharacters(in: .whitespaces)
            return t == "*" || t == tag || t == "W/" + tag
        }
    }
}
