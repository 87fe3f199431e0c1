import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/inbox')({
  component: RouteComponent,
})

function RouteComponent() {
  return <div>Hello "/admin/inbox"!</div>
}
