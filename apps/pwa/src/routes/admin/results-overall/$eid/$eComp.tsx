import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/results-overall/$eid/$eComp')({
  component: RouteComponent,
})

function RouteComponent() {
  return <div>Hello "/admin/results-overall/$eid/$eComp"!</div>
}
