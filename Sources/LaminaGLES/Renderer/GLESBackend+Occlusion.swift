import CGLES3
import Lamina

/// Occlusion culling with the canvas's depth buffer (WebRender's opaque pass).
///
/// Command i of the plan has depth D(i), strictly increasing with i. Before the other commands, the
/// pixels that each opaque canvas-level fill sets to its color at coverage exactly 1 (`opaqueArea(of:)`)
/// are painted with that color front to back, keeping the largest D (depth test GREATER, writes on).
/// Every canvas draw then passes only where its D exceeds the stored one: a pixel is skipped exactly
/// when that fill or a later one has replaced it with an opaque color whatever it held, so the result is
/// bit-identical to drawing everything in order. Offscreens and blur targets have no depth buffer, and
/// there the depth test always passes (GLES 3.0 § 4.1.5).
extension GLESBackend {

    /// Clears the canvas depth and runs the opaque pass; leaves the depth test set up for the other
    /// draws (or off when nothing is opaque). Returns whether culling is on. The canvas must be bound.
    func prepareOcclusion(_ plan: RenderPlan, canvas: RenderTarget) -> Bool {
        let instances = !occlusionCulling || canvas.depthBuffer == 0 || plan.commands.count > OpaqueInstances.maximumCulledCommands
            ? [] : OpaqueInstances.opaqueInstances(of: plan, width: canvas.width, height: canvas.height)
        guard !instances.isEmpty else {
            glDisable(GLenum(GL_DEPTH_TEST))
            return false
        }
        glEnable(GLenum(GL_DEPTH_TEST))
        glDepthMask(GLboolean(GL_TRUE))
        glClearDepthf(0)
        glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
        glDepthFunc(GLenum(GL_GREATER))
        drawOpaquePass(instances, canvas: canvas)
        glDepthMask(GLboolean(GL_FALSE))
        return true
    }

    /// Draws opaque-pass instances (`opaqueInstanceFloats` floats each) with the opaque program, without
    /// blending: every color has alpha 1, which blending would store unchanged, and llvmpipe shades
    /// unblended draws without reading the target.
    func drawOpaquePass(_ instances: [Float], canvas: RenderTarget) {
        guard !instances.isEmpty else { return }
        glDisable(GLenum(GL_BLEND))
        defer { glEnable(GLenum(GL_BLEND)) }
        let p = programs.opaque
        p.use()
        p.set("u_targetSize", Float(canvas.width), Float(canvas.height))
        instances.withUnsafeBufferPointer { buffer in
            instanceStream.drawStrips(buffer, floatsPerInstance: OpaqueInstances.opaqueInstanceFloats,
                                      attributes: [.init(index: 0, size: 4, offset: 0), .init(index: 1, size: 1, offset: 4),
                                                   .init(index: 2, size: 4, offset: 5)])
        }
    }

    /// Paints an opaque fill's interior (its `opaqueArea` shrunk to shading blocks, within the target
    /// and `visible` when given) with the opaque program, as the fill's own draw would at coverage 1;
    /// that draw then skips it. Used inside offscreens, which have no opaque pass of their own.
    ///
    /// The interior is aligned before it is cut to the target, exactly as the fill's draw aligns the
    /// hole it skips (`quadPieces`): aligning after the cut moved an interior that overflows a target
    /// whose size is not a multiple of the block inwards, and the rows or columns between went unpainted.
    func drawInterior(of fill: Fill, visible: ArraySlice<QuadPiece>?, target: RenderTarget) {
        let c = ShaderValues.color(fill.color)
        var instances: [Float] = []
        var painted: [QuadPiece] = []
        let whole = QuadPiece(x0: 0, y0: 0, x1: target.width, y1: target.height)
        for area in DrawGeometry.opaqueArea(of: .fill(fill)) {
            guard let aligned = QuadPiece(pixelCentersIn: area).alignedInward(to: DrawGeometry.shadingBlock).intersection(whole)
            else { continue }
            var parts = visible.map { $0.compactMap { $0.intersection(aligned) } } ?? [aligned]
            for p in painted { parts = parts.flatMap { $0.subtracting(p) } }
            for q in parts { OpaqueInstances.appendOpaqueInstance(q, depth: 0, color: c, to: &instances) }
            painted.append(aligned)
        }
        drawOpaquePass(instances, canvas: target)
    }
}
