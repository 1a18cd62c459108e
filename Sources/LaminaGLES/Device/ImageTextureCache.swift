import CGLES3
import Lamina

/// Textures of image crops, uploaded once and kept across frames (LRU, byte budget).
///
/// Key: the image's identity, the crop, and whether the texture carries the `MipChain` levels
/// (trilinear) or only level 0 (nearest / linear, filter set per draw).
final class ImageTextureCache {
    struct Key: Hashable {
        var image: UInt64
        var crop: PixelRect
        var mipmapped: Bool
    }

    /// An uploaded crop.
    struct Entry {
        var texture: GLuint
        var levels: Int
    }

    private let cache: LRUCache<Key, Entry>
    private let objects: any GPUObjects

    init(byteLimit: Int, objects: any GPUObjects, release: @escaping (GLuint) -> Void) {
        self.objects = objects
        cache = LRUCache(byteLimit: byteLimit) { release($0.texture) }
    }

    var statistics: CacheStatistics { cache.statistics }

    /// The texture of `crop` of `image`, uploading it on first use.
    func texture(for image: Image, crop: PixelRect, mipmapped: Bool, maxTextureSize: Int) throws -> Entry {
        let key = Key(image: image.id, crop: crop, mipmapped: mipmapped)
        if let entry = cache.lookup(key) { return entry }
        guard crop.x >= 0, crop.y >= 0, crop.width > 0, crop.height > 0,
              crop.x + crop.width <= image.width, crop.y + crop.height <= image.height else {
            throw GLESError.unsupported("crop \(crop) outside \(image)")
        }
        guard crop.width <= maxTextureSize, crop.height <= maxTextureSize else {
            throw GLESError.unsupported("\(image) crop \(crop) exceeds GL_MAX_TEXTURE_SIZE \(maxTextureSize)")
        }
        let base = image.bitmap.cropped(to: crop)
        let levels = mipmapped ? MipChain(base).levels : [base]
        let entry = Entry(texture: try objects.makeTexture(levels: levels), levels: levels.count)
        let bytes = (mipmapped ? 4 : 3) * base.width * base.height * 4 / 3
        cache.insert(key, entry, cost: bytes)
        return entry
    }

    func removeAll() { cache.removeAll() }
}
