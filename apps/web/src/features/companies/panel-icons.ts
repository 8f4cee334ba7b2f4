import type { CompanyPanelIcon } from '@cartera/domain/companies';
import {
  AddressBookIcon,
  BankIcon,
  BriefcaseIcon,
  BuildingIcon,
  HierarchyIcon,
  UsersIcon,
  type lineIcon,
} from '../../ui/icons';

type Icon = ReturnType<typeof lineIcon>;

/** The icons a company may give its companies panel ('Mi Empresa', issue #17). */
export const COMPANY_PANEL_ICON_COMPONENTS: Record<CompanyPanelIcon, Icon> = {
  building: BuildingIcon,
  briefcase: BriefcaseIcon,
  bank: BankIcon,
  users: UsersIcon,
  addressBook: AddressBookIcon,
  hierarchy: HierarchyIcon,
};

/** The companies panel's menu icon from its settings (an unknown name: the default). */
export function companyPanelIcon(name: string | undefined): Icon {
  return COMPANY_PANEL_ICON_COMPONENTS[name as CompanyPanelIcon] ?? BuildingIcon;
}
