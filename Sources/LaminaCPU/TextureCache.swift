import Lamina

/// Image crops (contentsRect sub-images) and their mip chains, kept across frames per
/// (image id, crop). Entries that a frame did not use are dropped when it ends.
final class TextureCache {
    struct Key: Hashable {
        let image: UInt64
        let crop: PixelRect
        let mipmapped: Bool
    }

    private var entries: [Key: Texture] = [:]
    private var usedThisFrame: Set<Key> = []

    /// The crop of `image`, clamped to the image; nil when nothing of it is left.
    func texture(_ image: Image, crop: PixelRect, mipmapped: Bool) -> Texture? {
        let x0 = max(0, crop.x), y0 = max(0, crop.y)
        let x1 = min(image.width, crop.x + crop.width), y1 = min(image.height, crop.y + crop.height)
        guard x1 > x0, y1 > y0 else { return nil }
        let clamped = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let key = Key(image: image.id, crop: clamped, mipmapped: mipmapped)
        usedThisFrame.insert(key)
        if let t = entries[key] { return t }
        let mipKey = Key(image: image.id, crop: clamped, mipmapped: true)
        if !mipmapped, let t = entries[mipKey] {
            usedThisFrame.insert(mipKey)
            return t
        }
        let bitmap = image.bitmap.cropped(to: clamped)
        let t = mipmapped ? Texture.mipmapped(bitmap, opaque: image.isOpaque) : Texture(PixelBuffer(bitmap: bitmap), opaque: image.isOpaque)
        entries[key] = t
        return t
    }

    /// Ends a frame: forgets what it did not use.
    func endFrame() {
        entries = entries.filter { usedThisFrame.contains($0.key) }
        usedThisFrame.removeAll(keepingCapacity: true)
    }

    var count: Int { entries.count }
}
