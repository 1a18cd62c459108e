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
    /// The whole canvas, premultiplied RGBA8; nil when the frame stays on the renderer's canvas (a GPU
    /// canvas that a `WindowSwapchain` copies into the window itself, without reading it back).
    public var bitmap: Bitmap?
    /// The frame's size in pixels.
    public var width: Int
    public var height: Int
    /// Changed pixel rects, inside the canvas, not overlapping.
    public var damage: [PixelRect]

    public init(bitmap: Bitmap, damage: [PixelRect]) {
        self.bitmap = bitmap
        width = bitmap.width
        height = bitmap.height
        self.damage = damage
    }

    /// A frame left on the renderer's canvas (see `bitmap`).
    public init(width: Int, height: Int, damage: [PixelRect]) {
        bitmap = nil
        self.width = width
        self.height = height
        self.damage = damage
    }

    /// The share of the canvas the damage covers, 0…1.
    public var damagedFraction: Double {
        let total = width * height
        return total == 0 ? 0 : Double(damage.reduce(0) { $0 + $1.area }) / Double(total)
    }
}
