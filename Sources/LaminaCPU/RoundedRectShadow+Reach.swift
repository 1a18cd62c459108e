import Lamina

extension RoundedRectShadow {
    /// The target pixels a closed-form shadow may change inside `clip`: its shape's box grown by 4σ, or
    /// less where its coverage times its alpha stays below ¼ of a byte step (`ShadowMath.negligibleReach`,
    /// as the GPU path bounds it), in target pixels, and one pixel; nil when none is left.
    func reachPixels(in clip: ClipCoverage) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let reach = min(4 * sigma, ShadowMath.negligibleReach(sigma: sigma, alpha: color.alpha)) * transform.meanScale + 1
        let box = transform.boundingBox(of: shape.rect)
        let x0 = max(clip.x0, Int(saturating: (box.minX - reach).rounded(.down)))
        let y0 = max(clip.y0, Int(saturating: (box.minY - reach).rounded(.down)))
        let x1 = min(clip.x1, Int(saturating: (box.maxX + reach).rounded(.up)))
        let y1 = min(clip.y1, Int(saturating: (box.maxY + reach).rounded(.up)))
        return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
    }
}
