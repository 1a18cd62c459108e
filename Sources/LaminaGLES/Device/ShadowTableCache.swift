import CGLES3
import Lamina

/// Shadow tables (`ShadowTable`) as R32F textures with linear filtering, kept across frames (LRU, by
/// shape size, radii and σ; a table is relative to the shape's origin, so every translated copy shares
/// it). Shadows whose table would be too large are evaluated per pixel instead.
final class ShadowTableCache {
    struct Key: Hashable {
        var width: Double, height: Double, radii: CornerRadii, sigma: Double
    }

    /// A table texture and the table it holds.
    struct Table {
        let texture: GLuint
        let layout: ShadowTable

        /// (sx, sy, ox, oy) mapping a local point p to texture coordinates p·(sx, sy) + (ox, oy), for a
        /// shape whose rect starts at `shapeOrigin`.
        func textureMap(shapeOrigin: Point) -> (Float, Float, Float, Float) { layout.textureMap(shapeOrigin: shapeOrigin) }
    }

    private let cache: LRUCache<Key, Table>
    private let objects: any GPUObjects

    init(byteLimit: Int, objects: any GPUObjects, release: @escaping (GLuint) -> Void) {
        self.objects = objects
        cache = LRUCache(byteLimit: byteLimit) { release($0.texture) }
    }

    var statistics: CacheStatistics { cache.statistics }

    /// The table for a shape and σ > 0, computing and uploading it on first use; nil when too large.
    func table(for shape: RoundedRect, sigma: Double, maxTextureSize: Int) throws -> Table? {
        let key = Key(width: shape.rect.width, height: shape.rect.height, radii: shape.radii, sigma: sigma)
        if let table = cache.lookup(key) { return table }
        guard let values = ShadowTable(shape: shape, sigma: sigma, maximumSide: maxTextureSize) else { return nil }
        let texture = try values.values.withUnsafeBytes { bytes in
            try objects.makeTexture(width: values.columns, height: values.rows, format: .r32f,
                                    pixels: bytes.baseAddress, linear: true,
                                    what: "shadow table \(values.columns)×\(values.rows) R32F")
        }
        let table = Table(texture: texture, layout: values)
        cache.insert(key, table, cost: values.columns * values.rows * 4)
        return table
    }

    func removeAll() { cache.removeAll() }
}
