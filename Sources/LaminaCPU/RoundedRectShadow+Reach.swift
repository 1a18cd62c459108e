import Lamina

extension RoundedRectShadow {
    /// The target pixels a closed-form shadow may change inside `clip`: its `drawnBounds` in whole pixels;
    /// nil when none is left.
    func reachPixels(in clip: ClipCoverage) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let box = drawnBounds
        let x0 = max(clip.x0, Int(saturating: box.minX.rounded(.down)))
        let y0 = max(clip.y0, Int(saturating: box.minY.rounded(.down)))
        let x1 = min(clip.x1, Int(saturating: box.maxX.rounded(.up)))
        let y1 = min(clip.y1, Int(saturating: box.maxY.rounded(.up)))
        return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
    }
}
