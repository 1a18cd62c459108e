/// Produces the frames a `FrameLoop` presents: the seam to the renderer. A live compositor fills it with
/// its incremental redraw and its own damage; `SceneFrameSource` fills it with full renders of a scene.
public protocol FrameSource: AnyObject {
    /// The frame at `time` seconds for a canvas of `width × height` pixels at `scale` pixels per point.
    /// Its damage lists the pixels that differ from the previous frame this source returned (all of them
    /// after a size change or on the first frame; none when nothing changed).
    func frame(at time: Double, width: Int, height: Int, scale: Int) throws -> SourceFrame

    /// Whether later times can look different (animations still running).
    var isAnimating: Bool { get }
}

/// One frame: its pixels and what changed.
public struct SourceFrame: Sendable {
    /// The whole canvas, premultiplied RGBA8.
    public var bitmap: Bitmap
    /// Changed pixel rects, inside the canvas, not overlapping.
    public var damage: [PixelRect]

    public init(bitmap: Bitmap, damage: [PixelRect]) {
        self.bitmap = bitmap
        self.damage = damage
    }

    /// The share of the canvas the damage covers, 0…1.
    public var damagedFraction: Double {
        let total = bitmap.width * bitmap.height
        return total == 0 ? 0 : Double(damage.reduce(0) { $0 + $1.area }) / Double(total)
    }
}
