import Lamina

/// The opaque pass's instances: the interiors of opaque fills, painted before the other draws with their
/// color (and, for depth culling, their command's depth).
enum OpaqueInstances {
    /// Plans with more commands are drawn without culling (their depths would not fit 16 bits).
    static let maximumCulledCommands = 65_000

    /// Floats per opaque-pass instance: pixel bounds (x0, y0, x1, y1), depth, color (r, g, b, a).
    static let opaqueInstanceFloats = 9

    /// Appends one opaque-pass instance (the `opaqueInstanceFloats` layout) to `instances`.
    static func appendOpaqueInstance(_ q: QuadPiece, depth: Float, color c: (Float, Float, Float, Float), to instances: inout [Float]) {
        instances += [Float(q.x0), Float(q.y0), Float(q.x1), Float(q.y1), depth, c.0, c.1, c.2, c.3]
    }

    /// The opaque-pass instances of the plan's canvas-level fills, last command first.
    static func opaqueInstances(of plan: RenderPlan, width: Int, height: Int) -> [Float] {
        var instances: [Float] = []
        for index in DrawGeometry.canvasLevelIndices(of: plan).reversed() {
            guard case .fill(let fill) = plan.commands[index] else { continue }
            let z = depth(ofCommand: index)
            let c = ShaderValues.color(fill.color)
            for q in DrawGeometry.opaquePieces(of: fill, width: width, height: height) {
                appendOpaqueInstance(q, depth: z, color: c, to: &instances)
            }
        }
        return instances
    }

    /// The depth (NDC z) of command `index`. Its 16-bit depth is index + 1 whether the driver rounds
    /// or truncates (the value lies a quarter unit above that integer).
    static func depth(ofCommand index: Int) -> Float {
        Float((Double(index) + 1.25) / 65535 * 2 - 1)
    }
}
