extension DrawCommand {
    /// Calls `body` with each offscreen the command samples: an image's source, then its mask; a
    /// content-shaped shadow's source. The one list of which commands read offscreens (`SurfaceTree`
    /// finds the readers with it, limited plans the commands to scissor).
    public func forEachOffscreenRead(_ body: (OffscreenID) throws -> Void) rethrows {
        switch self {
        case .image(let d):
            if case .offscreen(let id) = d.source { try body(id) }
            if let mask = d.mask { try body(mask) }
        case .blurredShadow(let s):
            if case .offscreen(let id) = s.source { try body(id) }
        default:
            return
        }
    }

    /// Whether the command samples an offscreen (a composite, a masked image or a shadow of its content).
    public var readsOffscreen: Bool {
        var reads = false
        forEachOffscreenRead { _ in reads = true }
        return reads
    }
}
