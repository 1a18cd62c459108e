import Lamina

/// Synthetic dashboards of cards: closed-form shadow, rounded fill, clipped image and border per card.
enum CardPlans {
    static func cards(count: Int, width: Int = 1920, height: Int = 1080, scale: Double = 1) -> RenderPlan {
        let icon = PlanBuilding.grayImage(width: 64, height: 64) { x, y in UInt8((x * 4 + y * 3) % 256) }
        var commands: [DrawCommand] = []
        let shadowColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.35)
        let cardColor = PremultipliedColor(red: 0.96, green: 0.97, blue: 1, alpha: 1)
        let borderColor = PremultipliedColor(red: 0.2, green: 0.3, blue: 0.5, alpha: 1)
        let columns = 40
        for i in 0..<count {
            let x = Double((i % columns) * (width - 130)) / Double(columns - 1) + 5.25
            let y = Double((i / columns) * (height - 90)) / Double((count + columns - 1) / columns) + 5.5
            let t = AffineTransform.translation(x, y).concatenating(.scale(scale, scale))
            let bounds = Rect(0, 0, 120, 80)
            let shape = RoundedRect(rect: bounds, cornerRadius: 12)
            commands.append(.roundedRectShadow(RoundedRectShadow(shape: shape.offsetBy(dx: 0, dy: 3), transform: t, sigma: 4,
                                                                 color: shadowColor, clip: .none)))
            commands.append(.fill(Fill(shape: shape, transform: t, color: cardColor, clip: .none)))
            let clip = Clip(shapes: [Clip.Shape(shape: shape, transform: t)])
            commands.append(.image(ImageDraw(source: .image(index: 0, crop: PixelRect(x: 8, y: 8, width: 48, height: 48)),
                                             destination: Rect(-6, -6, 48, 48), sourceRect: Rect(0, 0, 1, 1), transform: t,
                                             sampling: .linear, opacity: 1, clip: clip)))
            commands.append(.border(Border(outer: shape, width: 2, transform: t, color: borderColor, clip: .none)))
        }
        return RenderPlan(width: width, height: height, clearColor: PremultipliedColor(red: 0.9, green: 0.9, blue: 0.92, alpha: 1),
                          images: [icon], commands: commands)
    }
}
