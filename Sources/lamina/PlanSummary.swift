import Lamina

/// Counts of a plan's commands by kind and of its offscreens by reason.
struct PlanSummary: CustomStringConvertible {
    var counts: [String: Int] = [:]
    var offscreenReasons: [String: Int] = [:]
    let plan: RenderPlan

    init(_ plan: RenderPlan) {
        self.plan = plan
        for c in plan.commands {
            let kind: String
            switch c {
            case .beginOffscreen: kind = "begin offscreen"
            case .endOffscreen: kind = "end offscreen"
            case .fill: kind = "fill"
            case .border: kind = "border"
            case .image(let d):
                if case .offscreen = d.source { kind = "composite" } else { kind = "image" }
            case .roundedRectShadow: kind = "shadow closed-form"
            case .blurredShadow: kind = "shadow blurred"
            case .maskFill: kind = "mask fill"
            case .glyphs: kind = "glyphs"
            case .gradient: kind = "gradient"
            }
            counts[kind, default: 0] += 1
        }
        for o in plan.offscreens {
            let reason: String
            switch o.reason {
            case .groupOpacity: reason = "group opacity"
            case .rasterize: reason = "shouldRasterize"
            case .maskedContent: reason = "masked content"
            case .mask: reason = "mask"
            case .shadowSilhouette: reason = "shadow silhouette"
            }
            offscreenReasons[reason, default: 0] += 1
        }
    }

    var description: String {
        var lines = ["plan \(plan.width)×\(plan.height) px: \(plan.commands.count) commands, \(plan.offscreens.count) offscreens, \(plan.images.count) images"]
        for (k, v) in counts.sorted(by: { $0.key < $1.key }) { lines.append("  \(k): \(v)") }
        for (k, v) in offscreenReasons.sorted(by: { $0.key < $1.key }) { lines.append("  offscreens for \(k): \(v)") }
        return lines.joined(separator: "\n")
    }
}
