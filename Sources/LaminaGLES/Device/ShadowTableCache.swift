import CGLES3
import Dispatch
import Lamina

/// Tables of `ShadowMath.coverage` for closed-form shadows, kept across frames (LRU, by shape size,
/// radii and σ; the table is relative to the shape's origin, so every translated copy shares it).
///
/// A table samples the shadow on a local grid of spacing σ/8 covering the shape outset by 4σ + 1 + 2
/// spacings; the shader interpolates it bilinearly. The error of that is at most h²/8·(|∂²f/∂x²| +
/// |∂²f/∂y²|) with |∂²f| ≤ 0.242/σ² across an edge, i.e. about 0.25/255 for h = σ/8 (measured against
/// ShadowMath in the tests). Shadows whose table would be too large are evaluated per pixel instead.
final class ShadowTableCache {
    struct Key: Hashable {
        var width: Double, height: Double, radii: CornerRadii, sigma: Double
    }

    /// A table texture (R32F, linear filtering) and where its grid lies relative to the shape's origin.
    struct Table {
        let texture: GLuint
        /// Local position of texel (0, 0) minus the shape's origin.
        let origin: Point
        let spacing: Double
        let columns: Int
        let rows: Int

        /// (sx, sy, ox, oy) mapping a local point p to texture coordinates p·(sx, sy) + (ox, oy), for a
        /// shape whose rect starts at `shapeOrigin`.
        func textureMap(shapeOrigin: Point) -> (Float, Float, Float, Float) {
            let gx = shapeOrigin.x + origin.x, gy = shapeOrigin.y + origin.y
            let sx = 1 / (spacing * Double(columns)), sy = 1 / (spacing * Double(rows))
            return (Float(sx), Float(sy), Float(0.5 / Double(columns) - gx * sx), Float(0.5 / Double(rows) - gy * sy))
        }
    }

    /// Grid points per σ (spacing = σ / this).
    static let samplesPerSigma = 8.0
    /// Largest table, in texels.
    static let maximumTexels = 1 << 20

    private let cache: LRUCache<Key, Table>
    private let objects: GLObjects

    init(byteLimit: Int, objects: GLObjects, release: @escaping (GLuint) -> Void) {
        self.objects = objects
        cache = LRUCache(byteLimit: byteLimit) { release($0.texture) }
    }

    var statistics: CacheStatistics { cache.statistics }

    /// The table for a shape and σ > 0, computing and uploading it on first use; nil when too large.
    func table(for shape: RoundedRect, sigma: Double, maxTextureSize: Int) throws -> Table? {
        let key = Key(width: shape.rect.width, height: shape.rect.height, radii: shape.radii, sigma: sigma)
        if let table = cache.lookup(key) { return table }
        let spacing = sigma / ShadowTableCache.samplesPerSigma
        let margin = 4 * sigma + 1 + 2 * spacing
        let columns = Int(saturating: ((shape.rect.width + 2 * margin) / spacing).rounded(.up)) + 1
        let rows = Int(saturating: ((shape.rect.height + 2 * margin) / spacing).rounded(.up)) + 1
        guard columns <= maxTextureSize, rows <= maxTextureSize, columns * rows <= ShadowTableCache.maximumTexels else {
            return nil
        }
        let local = RoundedRect(rect: Rect(0, 0, shape.rect.width, shape.rect.height), radii: shape.radii)
        let values = ShadowTableCache.evaluate(local, sigma: sigma, origin: -margin, spacing: spacing,
                                               columns: columns, rows: rows)
        let texture = objects.makeTexture(minFilter: GL_LINEAR, magFilter: GL_LINEAR)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        values.withUnsafeBufferPointer { buffer in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R32F, GLsizei(columns), GLsizei(rows), 0,
                         GLenum(GL_RED), GLenum(GL_FLOAT), buffer.baseAddress)
        }
        do {
            try GLCheck.noError("glTexImage2D(shadow table \(columns)×\(rows) R32F)")
        } catch {
            objects.deleteTexture(texture)
            throw error
        }
        let table = Table(texture: texture, origin: Point(-margin, -margin), spacing: spacing, columns: columns, rows: rows)
        cache.insert(key, table, cost: columns * rows * 4)
        return table
    }

    /// ShadowMath coverage at origin + (i, j)·spacing, rows spread over the cores.
    static func evaluate(_ shape: RoundedRect, sigma: Double, origin: Double, spacing: Double,
                         columns: Int, rows: Int) -> [Float] {
        var values = [Float](repeating: 0, count: columns * rows)
        values.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: rows) { j in
                let y = origin + Double(j) * spacing
                for i in 0..<columns {
                    let p = Point(origin + Double(i) * spacing, y)
                    out[j * columns + i] = Float(ShadowMath.coverage(at: p, of: shape, sigma: sigma))
                }
            }
        }
        return values
    }

    func removeAll() { cache.removeAll() }
}
