extension IncrementalRenderer {
    /// Draws the tree's next frame, redrawing the damage its changes recorded; with a `clock` on the tree,
    /// its presentation at the clock's time (`LayerTree.nextFrame(at:)`). A renderer follows one tree: a
    /// frame of another tree, or after frames of scenes, is drawn whole. Once it is drawn, the animation
    /// callbacks and transaction completions it made due run (`LayerTree.deliverAnimationEvents()`).
    @discardableResult
    public func render(_ tree: LayerTree, readBack: Bool = true) throws -> Frame {
        let frame = tree.clock.map { tree.nextFrame(at: $0.now) } ?? tree.nextFrame()
        if source !== tree { invalidate() }
        defer { source = tree; tree.deliverAnimationEvents() }
        return try render(frame.scene, damage: frame.damage, readBack: readBack)
    }
}
