import Lamina

/// Occlusion culling on the CPU (see `CanvasPieces`): canvas-level draws cover only their visible
/// pieces and the opaque pass paints only visible interiors. What culling and the atlas find is kept
/// across frames of the same plan.
extension FrameBuilder {
    /// The plan's preparation (`PlanPreparation`): the last one when `plan` is the same plan value
    /// with the same strategies, a new one otherwise. Visible pieces are found only while culling is on.
    func prepare(_ plan: RenderPlan, strategies: DrawStrategies) throws -> PlanPreparation {
        let switches = PlanPreparation.Switches(visibility: strategies.culling, atlas: strategies.atlas,
                                                borderFusion: strategies.fusion, collapse: strategies.collapse)
        if let last = lastPreparation, last.isFor(plan, switches: switches) { return last }
        let preparation = try PlanPreparation(plan: plan, switches: switches,
                                          atlasPage: (min(FrameBuilder.atlasPageWidth, info.maxTextureSize),
                                                      min(FrameBuilder.atlasPageHeight, info.maxTextureSize)))
        lastPreparation = preparation
        recorded.reset(evictions: releases.evictions)
        return preparation
    }
}
