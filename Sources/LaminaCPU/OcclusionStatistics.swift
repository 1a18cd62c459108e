/// What the CPU backend's occlusion culling skipped in one frame.
public struct OcclusionStatistics: Sendable, Equatable {
    /// Draw commands prepared (all targets).
    public var commands = 0
    /// Commands not drawn at all: later opaque fills of their run hide every pixel they could touch.
    public var culledCommands = 0
    /// Pixels of the commands' bounding boxes that were hidden and skipped, summed over commands.
    public var hiddenPixels = 0

    public init() {}
}
