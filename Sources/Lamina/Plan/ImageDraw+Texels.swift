extension ImageDraw {
    /// The box, in texels of a `width × height` source, that the target pixels of `box` map to (the filter's
    /// footprint not included): `box` taken back through the transform into the quad, then through the
    /// quad → `sourceRect` mapping. Nil when the transform is singular, the quad empty, or the result not
    /// finite. Both the planner (which texels of an offscreen a damage rect needs) and the GPU backend (which
    /// texels of an offscreen its visible composite samples) ask it.
    public func sourceTexelBox(of box: Rect, width: Int, height: Int) -> Rect? {
        guard let inverse = transform.inverted, destination.width > 0, destination.height > 0 else { return nil }
        let local = inverse.boundingBox(of: box)
        let d = destination, s = sourceRect
        func u(_ x: Double) -> Double { (s.minX + (x - d.minX) / d.width * s.width) * Double(width) }
        func v(_ y: Double) -> Double { (s.minY + (y - d.minY) / d.height * s.height) * Double(height) }
        let us = [u(local.minX), u(local.maxX)], vs = [v(local.minY), v(local.maxY)]
        guard (us + vs).allSatisfy({ $0.isFinite }) else { return nil }
        return Rect(minX: us.min()!, minY: vs.min()!, maxX: us.max()!, maxY: vs.max()!)
    }
}
