extension LayerTree {
    /// The deepest visible layer at `point` on the canvas (see `LiveLayer.hitTest(_:atTime:)`): of the
    /// current model, changes not yet committed included (as Core Animation hit-tests its model layers),
    /// or, given a scene time, of the presentation at that time (animated positions, transforms and
    /// bounds where the frame drawn at that time shows them).
    public func hitTest(_ point: Point, atTime time: Double? = nil) -> LiveLayer? {
        root.hitTest(point, atTime: time)
    }
}
