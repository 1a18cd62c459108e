/// Free render targets kept for reuse across offscreens, blur passes and frames, by exact size and
/// format (exact sizes keep clamp-to-edge sampling at the content's edge). Targets idle for more
/// than `maximumIdleFrames` frames are deleted.
final class RenderTargetPool {
    private struct Key: Hashable {
        var width: Int, height: Int, format: RenderTargetFormat
    }

    private var free: [Key: [(target: RenderTarget, frame: Int)]] = [:]
    let maximumIdleFrames = 2

    /// A free target of that size and format, or a new one.
    func acquire(width: Int, height: Int, format: RenderTargetFormat, objects: GLObjects) throws -> RenderTarget {
        let key = Key(width: width, height: height, format: format)
        if let entry = free[key]?.popLast() { return entry.target }
        return try RenderTarget.make(width: width, height: height, format: format, objects: objects)
    }

    /// Puts a target back for reuse.
    func release(_ target: RenderTarget, frame: Int) {
        free[Key(width: target.width, height: target.height, format: target.format), default: []]
            .append((target, frame))
    }

    /// Deletes targets unused since before `frame − maximumIdleFrames`.
    func trim(frame: Int, objects: GLObjects) {
        for (key, entries) in free {
            let keep = entries.filter { frame - $0.frame <= maximumIdleFrames }
            for e in entries where frame - e.frame > maximumIdleFrames { e.target.delete(objects: objects) }
            free[key] = keep.isEmpty ? nil : keep
        }
    }

    func removeAll(objects: GLObjects) {
        for entries in free.values { for e in entries { e.target.delete(objects: objects) } }
        free.removeAll()
    }
}
