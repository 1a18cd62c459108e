/// The damage of the last few presented frames, to repair a reused buffer of a given age.
///
/// A buffer of age k holds the frame presented k frames ago; to show frame N it needs the damage of the
/// frames after it up to N. The same bookkeeping serves `wl_shm` buffers, `EGL_EXT_buffer_age` and
/// buffers reused by a GBM surface.
public struct BufferRepair: Sendable {
    /// How many frames back the history reaches; an older buffer is redrawn whole.
    public let depth: Int
    /// Above this many rects a repair region becomes its bounding box.
    public let maxRects: Int
    private var frames: [[PixelRect]] = []

    public init(depth: Int = 4, maxRects: Int = 32) {
        self.depth = max(1, depth)
        self.maxRects = max(1, maxRects)
    }

    /// Forgets everything (after a resize every buffer is new).
    public mutating func reset() {
        frames.removeAll()
    }

    /// Records the damage of a frame that is being presented.
    public mutating func record(_ damage: [PixelRect]) {
        frames.append(damage)
        if frames.count > depth { frames.removeFirst(frames.count - depth) }
    }

    /// What a buffer of `age` must redraw to show a frame with `damage`: the damage of the frames it
    /// missed plus this frame's; the whole canvas when the age is 0 or older than the history.
    public func repair(age: Int, damage: [PixelRect], width: Int, height: Int) -> [PixelRect] {
        let whole = [PixelRect(x: 0, y: 0, width: width, height: height)]
        guard age > 0, age - 1 <= frames.count else { return whole }
        var rects = damage
        for missed in frames.suffix(age - 1) { rects.append(contentsOf: missed) }
        return Self.simplified(rects, maxRects: maxRects, width: width, height: height)
    }

    /// Removes empty and repeated rects; more than `maxRects` become their bounding box.
    public static func simplified(_ rects: [PixelRect], maxRects: Int, width: Int, height: Int) -> [PixelRect] {
        var seen = Set<PixelRect>()
        var out: [PixelRect] = []
        for r in rects {
            guard let c = r.clamped(width: width, height: height), seen.insert(c).inserted else { continue }
            out.append(c)
        }
        guard out.count > maxRects, let first = out.first else { return out }
        var minX = first.x, minY = first.y, maxX = first.x + first.width, maxY = first.y + first.height
        for r in out {
            minX = min(minX, r.x); minY = min(minY, r.y)
            maxX = max(maxX, r.x + r.width); maxY = max(maxY, r.y + r.height)
        }
        return [PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)]
    }
}

extension PixelRect {
    /// The part inside a `width × height` canvas; `nil` when nothing is left.
    public func clamped(width: Int, height: Int) -> PixelRect? {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + self.width), y1 = min(height, y + self.height)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
