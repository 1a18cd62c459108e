/// Which of Core Animation's drawing subclasses a layer is (SCENE_FORMAT.md "Layer classes (v1.2)").
public enum LayerClass: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case layer = "CALayer"
    case text = "CATextLayer"
    case gradient = "CAGradientLayer"
    case shape = "CAShapeLayer"

    public var description: String { rawValue }
}
