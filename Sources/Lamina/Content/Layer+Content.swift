extension Layer {
    /// Which Core Animation class this layer is: set by giving it a `content`.
    public var layerClass: LayerClass { content?.layerClass ?? .layer }

    /// The `CATextLayer` properties of a text layer; nil for another class. Setting it makes the layer a text layer.
    public var text: TextContent? {
        get { if case .text(let t) = content { return t }; return nil }
        set { content = newValue.map(LayerContent.text) }
    }

    /// The `CAGradientLayer` properties of a gradient layer; nil for another class.
    public var gradient: GradientContent? {
        get { if case .gradient(let g) = content { return g }; return nil }
        set { content = newValue.map(LayerContent.gradient) }
    }

    /// The `CAShapeLayer` properties of a shape layer; nil for another class.
    public var shape: ShapeContent? {
        get { if case .shape(let s) = content { return s }; return nil }
        set { content = newValue.map(LayerContent.shape) }
    }

    /// A text layer (`CATextLayer`) showing `string`.
    public static func text(_ string: String, font: String = "Helvetica", fontSize: Double = 36,
                            color: Color = .white, name: String? = nil) -> Layer {
        var l = Layer(name: name)
        l.text = TextContent(string: string, font: font, fontSize: fontSize, foregroundColor: color)
        return l
    }

    /// A gradient layer (`CAGradientLayer`).
    public static func gradient(_ gradient: GradientContent, name: String? = nil) -> Layer {
        var l = Layer(name: name)
        l.gradient = gradient
        return l
    }

    /// A shape layer (`CAShapeLayer`).
    public static func shape(_ shape: ShapeContent, name: String? = nil) -> Layer {
        var l = Layer(name: name)
        l.shape = shape
        return l
    }
}
