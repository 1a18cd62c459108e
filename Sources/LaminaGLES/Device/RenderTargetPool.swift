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
    func acquire(width: Int, height: Int, format: RenderTargetFormat, objects: any GPUObjects) throws -> RenderTarget {
        let key = Key(width: width, height: height, format: format)
        if let entry = free[key]?.popLast() { return entry.target }
        return try objects.makeTarget(width: width, height: height, format: format)
    }

    /// Puts a target back for reuse.
    func release(_ target: RenderTarget, frame: Int) {
        free[Key(width: target.width, height: target.height, format: target.format), default: []]
            .append((target, frame))
    }

    /// Deletes targets unused since before `frame − maximumIdleFrames`.
    func trim(frame: Int, objects: any GPUObjects) {
        for (key, entries) in free {
            let keep = entries.filter { frame - $0.frame <= maximumIdleFrames }
            for e in entries where frame - e.frame > maximumIdleFrames { objects.deleteTarget(e.target) }
            free[key] = keep.isEmpty ? nil : keep
        }
    }

    func removeAll(objects: any GPUObjects) {
        for entries in free.values { for e in entries { objects.deleteTarget(e.target) } }
        free.removeAll()
    }
}
