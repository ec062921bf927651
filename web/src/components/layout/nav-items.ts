import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { paths } from '../../config/paths';

export type NavItem = {
  label: string;
  to: string;
  icon: typeof SvgIcon;
  /** Active only on this exact path (not on paths below it). */
  end: boolean;
};

export const navItems: NavItem[] = [
  { label: 'Media Gallery', to: paths.home.getHref(), icon: PhotoLibraryOutlinedIcon, end: true },
  { label: 'Albums', to: paths.albums.getHref(), icon: CollectionsBookmarkOutlinedIcon, end: false },
  { label: 'Family Tree', to: paths.family.getHref(), icon: AccountTreeOutlinedIcon, end: false },
  { label: 'People', to: paths.people.getHref(), icon: GroupsOutlinedIcon, end: true },
  { label: 'Profile', to: paths.profile.getHref(), icon: PersonOutlineIcon, end: true },
  { label: 'Trash', to: paths.trash.getHref(), icon: DeleteOutlineIcon, end: true },
];

/** The operator's page, in the menu of admins only (docs/product.md "The operator's page"). */
export const adminNavItem: NavItem = {
  label: 'Admin',
  to: paths.admin.getHref(),
  icon: AdminPanelSettingsOutlinedIcon,
  end: true,
};

/** The menu of a member, and of an admin. */
export function menuItems(admin: boolean): NavItem[] {
  return admin ? [...navItems, adminNavItem] : navItems;
}
