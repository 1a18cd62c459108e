import CGLES3
import Lamina

/// Occlusion culling on the CPU (see `CanvasVisibility`): canvas-level draws cover only their visible
/// pieces and the opaque pass paints only visible interiors, without a depth test. Used when culling
/// is on and the plan allows it; otherwise the depth-buffer culling of `prepareOcclusion` applies.
extension GLESBackend {
    /// Finds the plan's visible pieces and runs the opaque pass with them; nil (nothing drawn) when
    /// this culling is off or does not handle the plan. The canvas must be bound.
    func prepareVisibility(_ plan: RenderPlan, canvas: RenderTarget) -> CanvasVisibility? {
        guard occlusionCulling, visibilityCulling,
              let visibility = CanvasVisibility(plan, width: canvas.width, height: canvas.height) else { return nil }
        glDisable(GLenum(GL_DEPTH_TEST))
        drawOpaquePass(visibility.opaqueInstances, canvas: canvas)
        return visibility
    }
}
