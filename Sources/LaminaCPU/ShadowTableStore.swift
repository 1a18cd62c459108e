import Lamina

/// The `ShadowTable`s of closed-form shadows, kept across frames (LRU by shape size, radii and σ; a
/// table is relative to the shape's origin, so every translated copy shares it). Nil for shapes whose
/// table would be too large: those are evaluated in closed form (`ShadowRasterizer`).
final class ShadowTableStore {
    struct Key: Hashable {
        var width: Double, height: Double, radii: CornerRadii, sigma: Double
    }

    /// Bytes of table values kept.
    static let byteLimit = 32 << 20

    private let cache = LRUCache<Key, ShadowTable>(byteLimit: ShadowTableStore.byteLimit)
    private var tooLarge: Set<Key> = []

    func table(for shape: RoundedRect, sigma: Double) -> ShadowTable? {
        let key = Key(width: shape.rect.width, height: shape.rect.height, radii: shape.radii, sigma: sigma)
        if let table = cache.lookup(key) { return table }
        guard !tooLarge.contains(key) else { return nil }
        guard let table = ShadowTable(shape: shape, sigma: sigma) else {
            if tooLarge.count > 1024 { tooLarge.removeAll() }
            tooLarge.insert(key)
            return nil
        }
        cache.insert(key, table, cost: table.values.count * 4)
        return table
    }
}
