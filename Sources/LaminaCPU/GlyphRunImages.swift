import Lamina
import Synchronization

/// The images of the glyph runs of the frames drawn (`GlyphRun`'s contract: its glyphs blended in order into
/// a transparent 8-bit image of its box), by `GlyphRunImageKey`, kept from one frame to the next while a frame
/// draws them: a run drawn again (a label that did not change, or only faded) is composited from its image,
/// and images no frame used are dropped when the next one ends, so only the text of the current frames is held.
final class GlyphRunImages: Sendable {
    /// A run's image: premultiplied RGBA8 over its box, row after row.
    struct RunImage: Sendable {
        let pixels: [UInt8]
        let width: Int, height: Int
        /// Per row, the columns from its first to past its last texel that is not zero (empty for a blank row).
        let inked: [Range<Int>]
    }

    private struct State {
        var images: [GlyphRunImageKey: RunImage] = [:]
        var used: Set<GlyphRunImageKey> = []
    }

    private let state = Mutex(State())

    /// The image of `run`, made now when no frame since the last `endFrame` made it.
    func image(of run: GlyphRun) -> RunImage {
        let key = GlyphRunImageKey(run)
        if let known = state.withLock({ s -> RunImage? in s.used.insert(key); return s.images[key] }) { return known }
        let made = Self.make(run)
        state.withLock { $0.images[key] = made }
        return made
    }

    /// Drops the images the frames since the last call did not use.
    func endFrame() {
        state.withLock { s in
            s.images = s.images.filter { s.used.contains($0.key) }
            s.used.removeAll(keepingCapacity: true)
        }
    }

    /// Blends the glyphs of `run`, in order, each texel times its drawing color, into a transparent image of its
    /// box with `Blend`'s arithmetic (the GPU draws the same into its text run cache).
    static func make(_ run: GlyphRun) -> RunImage {
        let box = run.box
        let width = box.width, height = box.height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let shared = run.sharedColor
        pixels.withUnsafeMutableBufferPointer { out in
            for g in run.glyphs where g.image.width > 0 && g.image.height > 0 {
                let tint = run.drawingColor(of: g, shared: shared).unit
                g.image.pixels.withUnsafeBufferPointer { texels in
                    for gy in 0..<g.image.height {
                        let dst = out.baseAddress! + ((g.origin.y - box.y + gy) * width + (g.origin.x - box.x)) * 4
                        for gx in 0..<g.image.width {
                            let i = gy * g.image.width + gx
                            let t: SIMD4<Float>
                            if g.image.format == .coverage {
                                guard texels[i] != 0 else { continue }
                                t = SIMD4(repeating: Float(texels[i]) * (1 / 255))
                            } else {
                                t = SIMD4<Float>(Float(texels[4 * i]), Float(texels[4 * i + 1]), Float(texels[4 * i + 2]),
                                                 Float(texels[4 * i + 3])) * (1 / 255)
                                guard t != .zero else { continue }
                            }
                            Blend.over(tint * t, dst + gx * 4)
                        }
                    }
                }
            }
        }
        let inked = (0..<height).map { y -> Range<Int> in
            let row = pixels[(y * width * 4)..<((y + 1) * width * 4)]
            guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else { return 0..<0 }
            return (first / 4 - y * width)..<(last / 4 - y * width + 1)
        }
        return RunImage(pixels: pixels, width: width, height: height, inked: inked)
    }
}
