import CGLES3
import Lamina

/// R8 textures of coverage masks that carry an identity (`AlphaMask.identity`: masks the planner keeps
/// between plans), uploaded once and kept across frames (LRU, byte budget).
final class MaskTextureCache {
    private let cache: LRUCache<UInt64, GLuint>

    init(byteLimit: Int, release: @escaping (GLuint) -> Void) {
        cache = LRUCache(byteLimit: byteLimit) { release($0) }
    }

    var statistics: CacheStatistics { cache.statistics }

    func texture(for identity: UInt64) -> GLuint? { cache.lookup(identity) }

    func insert(_ texture: GLuint, for identity: UInt64, bytes: Int) { cache.insert(identity, texture, cost: bytes) }

    func removeAll() { cache.removeAll() }
}
