import Foundation

/// Decoded images kept by the bytes they were decoded from, so that the same PNG posted again (by a
/// later request, or by another scene) decodes to the very same `Image` object. Renderers key texture
/// uploads and rasterization caches on image identity, so this is what lets those caches hit across
/// documents. Safe to share between threads; least recently used images are dropped past `byteLimit`.
public final class ImageLibrary: @unchecked Sendable {
    private struct Entry {
        let source: [UInt8]
        let image: Image
    }

    private let lock = NSLock()
    private let cache: LRUCache<Int, Entry>

    /// `byteLimit` counts the source bytes and the decoded pixels of every image kept.
    public init(byteLimit: Int = 256 << 20) {
        cache = LRUCache(byteLimit: byteLimit)
    }

    /// Hits (an image handed out again) and misses (an image decoded).
    public var statistics: CacheStatistics { lock.withLock { cache.statistics } }

    /// The image decoded from `bytes`: the kept one when the same bytes were seen before, else `decode()`'s,
    /// which is then kept (replacing any other image whose bytes hash the same).
    public func image(for bytes: [UInt8], decode: () throws -> Image) rethrows -> Image {
        var hasher = Hasher()
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        let key = hasher.finalize()
        if let found = lock.withLock({ cache.lookup(key) }), found.source == bytes {
            return found.image
        }
        let image = try decode()
        lock.withLock { cache.insert(key, Entry(source: bytes, image: image), cost: bytes.count + image.bitmap.pixels.count) }
        return image
    }
}
