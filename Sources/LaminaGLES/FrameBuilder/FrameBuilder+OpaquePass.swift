import Lamina

/// The opaque pass: the visible interiors of opaque fills painted with their color, without blending,
/// before the draws that would otherwise cover them (`CanvasPieces` on the canvas, `drawInterior` inside
/// offscreens). A draw then skips those interiors, so every pixel is shaded once.
extension FrameBuilder {
    /// Draws opaque-pass instances (`opaqueInstanceFloats` floats each) with the opaque program, without
    /// blending: every color has alpha 1, which blending would store unchanged, and llvmpipe shades
    /// unblended draws without reading the target.
    func drawOpaquePass(_ instances: [Float], target: RenderTarget) {
        guard !instances.isEmpty else { return }
        emit(GPUDraw(program: ProgramKey(.opaque), target: target,
                     uniforms: [.vec2("u_targetSize", Float(target.width), Float(target.height))],
                     quads: .instances(instances, .opaque), blending: false))
    }

    /// Paints an opaque fill's interior (its `opaqueArea` shrunk to shading blocks, within the target
    /// and `visible` when given) with the opaque program, as the fill's own draw would at coverage 1;
    /// that draw then skips it. Used inside offscreens, which have no opaque pass of their own.
    ///
    /// The interior is aligned before it is cut to the target, exactly as the fill's draw aligns the
    /// hole it skips (`quadPieces`): aligning after the cut moved an interior that overflows a target
    /// whose size is not a multiple of the block inwards, and the rows or columns between went unpainted.
    func drawInterior(of fill: Fill, visible: ArraySlice<QuadPiece>?, target: RenderTarget) {
        let whole = QuadPiece(x0: 0, y0: 0, x1: target.width, y1: target.height)
        let interiors = DrawCommand.fill(fill).opaqueArea.compactMap {
            QuadPiece(pixelCentersIn: $0).alignedInward(to: DrawGeometry.shadingBlock).intersection(whole)
        }
        var instances: [Float] = []
        OpaqueInstances.appendInteriors(interiors, visible: visible, color: ShaderValues.color(fill.color), to: &instances)
        drawOpaquePass(instances, target: target)
    }
}
