import CGLES3
import Lamina

/// The glyph atlas: one RGBA8 2-D array texture of `GlyphAtlasPacking`'s layers (1024² × 4: 16 MiB, made
/// on the first glyph), holding each glyph image once across frames — coverage c stored as (c, c, c, c),
/// color glyphs premultiplied — so text is drawn as instanced quads reading one texture.
final class GlyphAtlas {
    private let objects: any GPUObjects
    private(set) var texture: GLuint = 0
    private(set) var packing: GlyphAtlasPacking
    private var staging: [UInt8] = []
    /// Glyph images uploaded so far.
    private(set) var uploads = 0

    init(objects: any GPUObjects, side: Int, layers: Int) {
        self.objects = objects
        packing = GlyphAtlasPacking(side: max(side, GlyphRun.maxGlyphSide), layers: max(layers, 1))
    }

    /// Bytes of the texture (0 before the first glyph).
    var bytes: Int { texture == 0 ? 0 : packing.side * packing.side * packing.layers * 4 }

    /// The slot of `image`, uploading it when it is new. `beforeEviction` runs before a layer is emptied
    /// and overwritten (a caller draws what it queued from that layer first).
    func slot(for image: GlyphImage, stamp: Int, beforeEviction: () -> Void) -> GlyphAtlasPacking.Slot {
        if texture == 0 { allocate() }
        let placement = packing.place(image.identity, width: image.width, height: image.height, stamp: stamp)
        if placement.evicted != nil { beforeEviction() }
        if placement.isNew { upload(image, at: placement.slot) }
        return placement.slot
    }

    private func allocate() {
        texture = objects.makeArrayTexture(side: packing.side, layers: packing.layers)
    }

    private func upload(_ image: GlyphImage, at slot: GlyphAtlasPacking.Slot) {
        let n = image.width * image.height
        if image.format == .coverage {
            staging.removeAll(keepingCapacity: true)
            staging.reserveCapacity(n * 4)
            for c in image.pixels { staging.append(c); staging.append(c); staging.append(c); staging.append(c) }
        }
        let write = { (bytes: UnsafeRawBufferPointer) in
            self.objects.upload(bytes, width: image.width, height: image.height, into: self.texture, x: slot.x, y: slot.y, layer: slot.layer)
        }
        if image.format == .coverage { staging.withUnsafeBytes(write) } else { image.pixels.withUnsafeBytes(write) }
        uploads += 1
    }

    /// Glyphs placed, layers emptied to make room, and images uploaded so far.
    var statistics: (glyphs: Int, evictions: Int, uploads: Int) { (packing.count, packing.evictions, uploads) }

    /// Deletes the texture (the context must be current).
    func delete() {
        if texture != 0 { objects.deleteTexture(texture) }
        texture = 0
        packing.removeAll()
    }
}
