import CGLES3
import Lamina

/// The images of glyph runs (`GlyphRun`), drawn once and kept: an RGBA8 2-D array texture
/// (`GLESOptions.textRunCacheSide`² × `textRunCacheLayers`, made when the first run is drawn) into which each run
/// is drawn with its glyph quads over transparent texels, and from which it is composited as one quad, on this
/// frame and every later one that draws it again — what a CATextLayer's backing store does. At most one layer is emptied per frame (least recently
/// used, as in the glyph atlas); runs larger than a layer are never kept.
final class TextRunCache {
    private let objects: any GPUObjects
    private(set) var texture: GLuint = 0
    private(set) var framebuffers: [GLuint] = []
    private var packing: GlyphAtlasPacking
    private var serials: [GlyphRunImageKey: UInt64] = [:]
    /// The keys placed in each layer since it was last emptied (forgotten with it).
    private var keysByLayer: [[GlyphRunImageKey]]
    private var nextSerial: UInt64 = 0
    private var evictedInFrame = -1
    /// Set when the driver refused a framebuffer on the array texture: runs are then never kept.
    private var unusable = false
    /// Runs drawn into the cache so far.
    private(set) var renders = 0

    init(objects: any GPUObjects, side: Int, layers: Int) {
        self.objects = objects
        packing = GlyphAtlasPacking(side: max(side, 8), layers: max(layers, 1))
        keysByLayer = Array(repeating: [], count: max(layers, 1))
    }

    /// Bytes of the texture (0 before the first run is kept).
    var bytes: Int { texture == 0 ? 0 : packing.side * packing.side * packing.layers * 4 }

    /// Where the run of `key` is kept, if it is (marking its layer used in `frame`).
    func slot(of key: GlyphRunImageKey, frame: Int) -> GlyphAtlasPacking.Slot? {
        guard let serial = serials[key] else { return nil }
        guard let slot = packing.slot(of: serial, stamp: frame) else {
            serials[key] = nil
            return nil
        }
        return slot
    }

    /// Whether a run of `key` can be kept at all (it fits a layer, and the texture could be made).
    func fits(_ key: GlyphRunImageKey) -> Bool {
        !unusable && key.width > 0 && key.height > 0 && packing.fits(width: key.width, height: key.height)
    }

    /// A place for the run of `key`, or nil when making one would empty a second layer in `frame`; the
    /// caller draws the run there (into `target(layer:)`) before anything reads it.
    func place(_ key: GlyphRunImageKey, frame: Int) -> GlyphAtlasPacking.Slot? {
        if texture == 0 { allocate() }
        guard !unusable else { return nil }
        nextSerial += 1
        guard evictedInFrame != frame || packing.hasRoom(width: key.width, height: key.height) else { return nil }
        let placement = packing.place(nextSerial, width: key.width, height: key.height, stamp: frame)
        if let emptied = placement.evicted {
            evictedInFrame = frame
            for gone in keysByLayer[emptied] { serials[gone] = nil }
            keysByLayer[emptied] = []
        }
        serials[key] = nextSerial
        keysByLayer[placement.slot.layer].append(key)
        renders += 1
        return placement.slot
    }

    /// The framebuffer of one layer, as a target of the whole layer.
    func target(layer: Int) -> RenderTarget {
        RenderTarget(texture: texture, framebuffer: framebuffers[layer], width: packing.side, height: packing.side, format: .rgba8)
    }

    private func allocate() {
        let id = objects.makeArrayTexture(side: packing.side, layers: packing.layers)
        texture = id
        if let layers = objects.makeLayerFramebuffers(of: id, layers: packing.layers) {
            framebuffers = layers
        } else {
            unusable = true
        }
    }

    /// Runs kept, layers emptied to make room, and runs drawn into the cache so far.
    var statistics: (runs: Int, evictions: Int, renders: Int) { (packing.count, packing.evictions, renders) }

    /// Deletes the texture and its framebuffers (the context must be current).
    func delete() {
        for fb in framebuffers { objects.deleteFramebuffer(fb) }
        framebuffers = []
        if texture != 0 { objects.deleteTexture(texture) }
        texture = 0
        packing.removeAll()
        serials = [:]
        keysByLayer = keysByLayer.map { _ in [] }

    }
}
