extension AnimationKeyPath {
    /// The value at a subclass key path: the layer's, or the subclass's default when the layer is another class.
    func contentValue(of layer: Layer) -> AnimationValue {
        let t = layer.text ?? TextContent(), g = layer.gradient ?? GradientContent(), s = layer.shape ?? ShapeContent()
        switch self {
        case .fontSize: return .number(t.fontSize)
        case .foregroundColor: return .color(t.foregroundColor)
        case .colors: return .colors(g.colors)
        case .locations: return .numbers(g.stopLocations)
        case .startPoint: return .point(g.startPoint)
        case .endPoint: return .point(g.endPoint)
        case .path: return .path(s.path ?? .rect(.zero))
        case .fillColor: return .color(s.fillColor)
        case .strokeColor: return .color(s.strokeColor)
        case .lineWidth: return .number(s.lineWidth)
        case .miterLimit: return .number(s.miterLimit)
        case .lineDashPhase: return .number(s.lineDashPhase)
        case .strokeStart: return .number(s.strokeStart)
        case .strokeEnd: return .number(s.strokeEnd)
        default: return .number(0)
        }
    }

    /// Writes a subclass property, brought into its range (font size 0…`Limits.maxFontSize`, colors and
    /// locations and stroke ends 0…1, widths ≥ 0, miter limit ≥ 1); a layer of another class is left alone.
    func setContent(_ value: AnimationValue, on layer: inout Layer) {
        switch (self, value) {
        case (.fontSize, .number(let n)): layer.text?.fontSize = min(max(n, 0), Limits.maxFontSize)
        case (.foregroundColor, .color(let c)): layer.text?.foregroundColor = Self.unit(c)
        case (.colors, .colors(let c)): layer.gradient?.colors = c.map(Self.unit)
        case (.locations, .numbers(let n)): layer.gradient?.locations = n.map(Self.unit)
        case (.startPoint, .point(let p)): layer.gradient?.startPoint = p
        case (.endPoint, .point(let p)): layer.gradient?.endPoint = p
        case (.path, .path(let p)): layer.shape?.path = p
        case (.fillColor, .color(let c)): layer.shape?.fillColor = Self.unit(c)
        case (.strokeColor, .color(let c)): layer.shape?.strokeColor = Self.unit(c)
        case (.lineWidth, .number(let n)): layer.shape?.lineWidth = max(n, 0)
        case (.miterLimit, .number(let n)): layer.shape?.miterLimit = max(n, 1)
        case (.lineDashPhase, .number(let n)): layer.shape?.lineDashPhase = n
        case (.strokeStart, .number(let n)): layer.shape?.strokeStart = Self.unit(n)
        case (.strokeEnd, .number(let n)): layer.shape?.strokeEnd = Self.unit(n)
        default: return
        }
    }
}
