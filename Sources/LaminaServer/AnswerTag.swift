import Crypto
import Foundation
import Lamina
import LaminaPNG

/// The `ETag` of an answer: SHA-256 of what the answer is made from, as the decoder resolved it — the
/// parsed scene (escapes resolved, whitespace and key spelling irrelevant), the bytes of every image file
/// read from inside the assets folder, the backend, the scale and the output options. Recorded while the
/// scene is decoded (`SceneInputRecorder`), so a tag exists only for a scene that decoded, and never from
/// a file outside the assets folder. Equal on every replica that has the same assets.
final class AnswerTag: SceneInputRecorder, @unchecked Sendable {
    private let lock = NSLock()
    private var hash = SHA256()
    private var pending: [UInt8] = []

    init(backend: String, scale: Double?, options: EncodingOptions) {
        field(Array("lamina-answer-1".utf8))
        field(Array(backend.utf8))
        field(Array((scale.map { String($0.bitPattern, radix: 16) } ?? "-").utf8))
        field(Array(options.cacheKey.utf8))
    }

    func record(document: JSONValue) {
        lock.withLock {
            pending.append(UInt8(ascii: "D"))
            CanonicalJSON.write(document) { bytes in
                pending.append(contentsOf: bytes)
                if pending.count >= 1 << 16 { flush() }
            }
        }
    }

    func record(imageFile source: String, bytes: [UInt8]) {
        field(Array("image".utf8))
        field(Array(source.utf8))
        field(bytes)
    }

    /// The tag, quoted as an `ETag` value.
    var value: String {
        lock.withLock {
            flush()
            return "\"" + hash.finalize().map { String(format: "%02x", $0) }.joined() + "\""
        }
    }

    /// A length-prefixed field, so that no two sequences of fields hash alike.
    private func field(_ bytes: [UInt8]) {
        lock.withLock {
            withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { pending.append(contentsOf: $0) }
            flush()
            hash.update(data: bytes)
        }
    }

    private func flush() {
        hash.update(data: pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// True when an `If-None-Match` value names `tag` (or is `*`); weak tags compare by their opaque part.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { item in
            let t = item.trimmingCharacters(in: .whitespaces)
            return t == "*" || t == tag || t == "W/" + tag
        }
    }
}
