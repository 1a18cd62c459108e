/// What a layer of a drawing subclass draws where `contents` would be: above the background, below the
/// sublayers and border, clipped by `masksToBounds`, casting the content-shaped shadow.
public enum LayerContent: Hashable, Sendable {
    case text(TextContent)
    case gradient(GradientContent)
    case shape(ShapeContent)

    /// The subclass this content belongs to.
    public var layerClass: LayerClass {
        switch self {
        case .text: return .text
        case .gradient: return .gradient
        case .shape: return .shape
        }
    }
}
