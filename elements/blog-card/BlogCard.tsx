export default function BlogCard() { return <slot />; }
