import { createFileRoute } from '@tanstack/react-router'
import { SignOutMenu } from '../features/auth/components/sign-out-menu'
import { ContractPicker } from '../features/contracts/components/contract-picker'
import { Shell } from '../ui/shell'

export const Route = createFileRoute('/selected-contract')({
  staticData: { hideBottomNav: true },
  component: SelectedContractScreen,
})

function SelectedContractScreen() {
  const menu = <SignOutMenu />
  return (
    <Shell end={menu}>
      <ContractPicker />
    </Shell>
  )
}
