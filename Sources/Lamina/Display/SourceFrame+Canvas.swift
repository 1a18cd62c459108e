extension SourceFrame {
    /// A frame `renderer` drew and left on its backend's canvas (not read back) for a window of
    /// `width × height` pixels: its damage, or the whole window when `redrawAll` or when the canvas is not
    /// the window's size (rounding can leave a scene's pixel size one off the window's).
    init(leftOnCanvasOf renderer: IncrementalRenderer, damage: DamageRegion, width: Int, height: Int, redrawAll: Bool) {
        let fits = renderer.canvasSize.map { $0.width == width && $0.height == height } ?? false
        self.init(width: width, height: height,
                  damage: fits && !redrawAll ? damage.rects : [PixelRect(x: 0, y: 0, width: width, height: height)])
    }
}
